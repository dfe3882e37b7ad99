import type { ShotReadiness } from '@ridgeline/shared/contracts/documents';
import { AlertBox } from '../../components/ui/alert';
import { FormField } from '../../components/ui/form';

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

/**
 * The reason a document is made although required shots are missing: asked only then, and printed in
 * the photo report so the adjuster reads why.
 */
export function OverrideReasonField({ made }: { made: 'report' | 'packet' }) {
  return (
    <FormField
      name="overrideReason"
      label={`Why make the ${made} without them?`}
      control="textarea"
      rows={3}
      hint={`Printed in the ${made === 'packet' ? 'photo report' : 'report'}, so the adjuster reads why the shots are missing.`}
    />
  );
}
