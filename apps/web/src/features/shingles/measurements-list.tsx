import type { ShingleMeasurements } from '@ridgeline/shared/domain/shingle-id';
import { NAIL_ZONE_LABELS, SEALANT_LABELS, SHINGLE_CUT_LABELS, SHINGLE_TYPE_LABELS } from '@ridgeline/shared/domain/shingle-id';
import { inchesText } from './measure-form';

/** What was measured and seen, as a definition list. */
export function MeasurementsList({ measurements, extra = [] }: { measurements: ShingleMeasurements; extra?: [string, string][] }) {
  const rows: [string, string][] = [
    ['Exposure', inchesText(measurements.exposureIn)],
    ['Length', inchesText(measurements.lengthIn)],
    ['Height', inchesText(measurements.heightIn)],
    ['Type', measurements.type === 'unknown' ? 'Not sure' : SHINGLE_TYPE_LABELS[measurements.type]],
    ['Cut', measurements.cut === 'unknown' ? 'Not sure' : SHINGLE_CUT_LABELS[measurements.cut]],
    ['Nailing area', measurements.nailZone === 'unknown' ? 'Not sure' : NAIL_ZONE_LABELS[measurements.nailZone]],
    ['Sealant', measurements.sealant === 'unknown' ? 'Not sure' : SEALANT_LABELS[measurements.sealant]],
    ['Granules on the back', measurements.granulesOnBack === 'unknown' ? 'Not sure' : measurements.granulesOnBack === 'yes' ? 'Yes' : 'No'],
    ['Release tape', measurements.tapeText || '—'],
    ...extra,
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-semibold text-slate-900">{term}</dt>
          <dd className="break-words text-slate-800">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
