import type { Shot } from '@ridgeline/shared/domain/shot-list';
import { CheckCircle2, Circle, Camera } from 'lucide-react';
import { cn } from '../../../lib/cn';

// The shot list of a phase: every expected photo, captured (green tick and count) or missing (an
// empty ring; "Required" in bold), readable at a glance in sunlight. Tapping a shot opens the camera
// for it; the shot the next photos go to is marked.

type Props = {
  shots: readonly Shot[];
  selectedKey: string | null;
  onShoot: (shot: Shot) => void;
};

export function ShotListView({ shots, selectedKey, onShoot }: Props) {
  if (shots.length === 0) return null;
  return (
    <ul className="flex flex-col gap-2" aria-label="Shot list">
      {shots.map((shot) => {
        const captured = shot.count > 0;
        const selected = shot.key === selectedKey;
        return (
          <li key={shot.key}>
            <button
              type="button"
              onClick={() => onShoot(shot)}
              aria-pressed={selected}
              data-shot={shot.key}
              data-captured={captured ? 'true' : 'false'}
              className={cn(
                'flex min-h-14 w-full items-center gap-3 rounded-lg border-2 px-3 py-2 text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600',
                captured ? 'border-green-700 bg-green-50' : shot.required ? 'border-slate-900 bg-white' : 'border-slate-300 bg-white',
                selected && 'ring-4 ring-blue-600',
              )}
            >
              {captured ? (
                <CheckCircle2 aria-hidden="true" className="size-7 shrink-0 text-green-700" />
              ) : (
                <Circle aria-hidden="true" className="size-7 shrink-0 text-slate-700" />
              )}
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="text-base font-semibold text-slate-950">{shot.label}</span>
                <span className="text-sm text-slate-800">
                  {captured ? `Captured (${shot.count} photo${shot.count === 1 ? '' : 's'})` : 'Missing'}
                  {' · '}
                  {shot.required ? <strong>Required</strong> : 'Optional'}
                </span>
              </span>
              <Camera aria-hidden="true" className="size-6 shrink-0 text-blue-800" />
              <span className="sr-only">, take a photo</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
