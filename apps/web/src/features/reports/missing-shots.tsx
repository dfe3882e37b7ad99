import type { ShotReadiness } from '@ridgeline/shared/contracts/documents';
import { AlertBox } from '../../components/ui/alert';

// The readiness of the source against the required shot list: "12 of 14 required photos" and the
// shots still missing.

export function readinessText(readiness: ShotReadiness): string {
  return `${readiness.captured} of ${readiness.required} required photos`;
}

export function MissingShots({ readiness }: { readiness: ShotReadiness }) {
  if (readiness.complete) {
    return (
      <p className="text-sm text-slate-800">
        {readinessText(readiness)}: every required shot is there ({readiness.photoCount} photos in all).
      </p>
    );
  }
  return (
    <AlertBox tone="warning">
      <p className="font-semibold">{readinessText(readiness)}</p>
      <p className="text-sm">Missing:</p>
      <ul aria-label="Missing shots" className="list-disc pl-5 text-sm">
        {readiness.missing.map((shot) => (
          <li key={shot.key}>{shot.label}</li>
        ))}
      </ul>
    </AlertBox>
  );
}
