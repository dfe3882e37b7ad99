import { cn } from '../../../lib/cn';

/** An on/off switch with its label beside it (a button with the switch role: Space and Enter toggle it). */
export function Switch({ checked, onChange, label, disabled }: { checked: boolean; onChange: (checked: boolean) => void; label: string; disabled?: boolean }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      className="flex min-h-12 items-center gap-3 rounded-md text-left text-base font-medium text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:opacity-60"
    >
      <span
        aria-hidden="true"
        className={cn('relative inline-flex h-7 w-12 shrink-0 rounded-full transition-colors', checked ? 'bg-blue-800' : 'bg-slate-400')}
      >
        <span className={cn('absolute top-0.5 size-6 rounded-full bg-white shadow transition-transform', checked ? 'translate-x-5.5' : 'translate-x-0.5')} />
      </span>
      {label}
    </button>
  );
}
