import { OVERHEAD_BP, PROFIT_BP, type EstimateTotals } from '@ridgeline/shared/domain/estimate';
import { formatCents } from '../../../lib/money';
import { percentText } from './draft';

/**
 * Line items, O&P, RCV, depreciation and ACV, each a term with its amount. Overhead and profit are
 * shown only while O&P is switched on: an estimate without O&P has no such lines.
 */
export function TotalsList({ totals, opEnabled, label }: { totals: EstimateTotals; opEnabled: boolean; label: string }) {
  const rows: [string, number, boolean][] = [
    ['Line items', totals.subtotalCents, false],
    ...(opEnabled
      ? ([
          [`Overhead (${percentText(OVERHEAD_BP)})`, totals.overheadCents, false],
          [`Profit (${percentText(PROFIT_BP)})`, totals.profitCents, false],
        ] satisfies [string, number, boolean][])
      : []),
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
