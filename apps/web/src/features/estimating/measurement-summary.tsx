import { Download } from 'lucide-react';
import type { Measurement } from '@ridgeline/shared/contracts/estimating';
import { measureStructure } from '@ridgeline/shared/domain/roof-measurements';
import { formatNumber, formatSqFt, formatSquares, formatUpdated } from './measurement-words';

// A saved measurement in a few lines: its totals, each structure's squares, the report file.

/** The name a measurement goes by in lists. */
export function measurementTitle(m: Measurement): string {
  if (m.label) return m.label;
  if (m.sessionId) return `Inspection at ${m.sessionAddress ?? 'an unknown address'}`;
  return 'Measurement';
}

/** "12.5 SQ · 13.75 order SQ · updated 5 Jan 2026, 14:05 by Alice Roof" */
export function measurementLine(m: Measurement): string {
  const who = m.createdByName ? ` by ${m.createdByName}` : '';
  return `${formatSquares(m.totals.squares)} · ${formatNumber(m.totals.orderSquares)} order SQ · updated ${formatUpdated(m.updatedAt)}${who}`;
}

export function MeasurementSummary({ measurement }: { measurement: Measurement }) {
  const m = measurement;
  return (
    <div className="flex flex-col gap-3">
      <dl className="grid grid-cols-3 gap-3 text-slate-900">
        <div>
          <dt className="text-sm text-slate-700">Squares</dt>
          <dd className="text-lg font-bold">{formatNumber(m.totals.squares)}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-700">Order squares</dt>
          <dd className="text-lg font-bold">{formatNumber(m.totals.orderSquares)}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-700">True area</dt>
          <dd>{formatSqFt(m.totals.trueAreaSqFt)}</dd>
        </div>
      </dl>
      <ul className="flex flex-col gap-1 text-sm text-slate-800" aria-label="Structures">
        {m.structures.map((s) => {
          const result = measureStructure(s);
          return (
            <li key={s.structureId}>
              <span className="font-semibold">{s.name}</span>: {s.facets.length} facet{s.facets.length === 1 ? '' : 's'}, {formatSquares(result.squares)}, waste{' '}
              {formatNumber(s.wastePct)}%, {s.layers} layer{s.layers === 1 ? '' : 's'}, {s.stories} stor{s.stories === 1 ? 'y' : 'ies'}
            </li>
          );
        })}
      </ul>
      {m.reportTotals && (m.reportTotals.provider || m.reportTotals.totalSquares !== null) && (
        <p className="text-sm text-slate-800">
          Report{m.reportTotals.provider ? ` (${m.reportTotals.provider})` : ''}
          {m.reportTotals.totalSquares !== null && m.reportTotals.totalSquares !== undefined ? `: ${formatSquares(m.reportTotals.totalSquares)}` : ''}
          {m.reportTotals.predominantPitch ? `, predominant pitch ${m.reportTotals.predominantPitch}` : ''}
        </p>
      )}
      {m.report && (
        <a
          href={m.report.url}
          download={m.report.fileName}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex min-h-11 w-fit items-center gap-2 font-semibold text-blue-800 hover:underline"
        >
          <Download aria-hidden="true" className="size-4" />
          Download {m.report.fileName}
        </a>
      )}
    </div>
  );
}
