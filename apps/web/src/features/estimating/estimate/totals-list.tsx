import type { EstimateTotals } from '@ridgeline/shared/domain/estimate';
import { formatCents } from '../../../lib/money';

/** Line items, O&P, RCV, depreciation and ACV, each a term with its amount. */
export function TotalsList({ totals, label }: { totals: EstimateTotals; label: string }) {
  const rows: [string, number, boolean][] = [
    ['Line items', totals.subtotalCents, false],
    ['Overhead (10%)', totals.overheadCents, false],
    ['Profit (10%)', totals.profitCents, false],
    ['RCV', totals.rcvCents, true],
    ['Depreciation', totals.depreciationCents, false],
    ['ACV', totals.acvCents, true],
  ];
  return (
    <dl aria-label={label} className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-base">
      {rows.map(([term, cents, strong]) => (
        <div key={term} className={`contents ${strong ? 'font-bold' : ''}`}>
          <dt className="text-slate-800">{term}</dt>
          <dd className="text-right text-slate-900 tabular-nums">{formatCents(cents)}</dd>
        </div>
      ))}
    </dl>
  );
}
