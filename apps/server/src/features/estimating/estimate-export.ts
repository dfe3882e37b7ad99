import type { Estimate } from '@ridgeline/shared/contracts/estimating';
import { lineTotal } from '@ridgeline/shared/domain/estimate';
import { csvDocument } from '@ridgeline/shared/domain/csv';

// One estimate version as a spreadsheet file: RFC 4180 (every cell quoted, quotes doubled, CRLF line
// ends), UTF-8 with a byte-order mark. A row per line (description, quantity, unit, unit price and
// total in dollars), then the totals, each with its name in the description column and no quantity,
// so the file reads back through the carrier-scope import as the same lines. Overhead and profit are
// rows only when O&P is on.

export type CsvFile = { fileName: string; body: string };

const COLUMNS = ['Code', 'Description', 'Quantity', 'Unit', 'Unit price', 'Total'] as const;

/** Cents as a plain decimal number a spreadsheet sums: 123456 -> "1234.56". */
const dollars = (cents: number) => (cents / 100).toFixed(2);

export function estimateCsv(estimate: Estimate): CsvFile {
  const t = estimate.totals;
  const total = (name: string, cents: number): (string | number | null)[] => [null, name, null, null, null, dollars(cents)];
  const rows = [
    ...estimate.lines.map((line) => [line.code, line.description, line.quantity, line.unit, dollars(line.unitPriceCents), dollars(lineTotal(line))]),
    total('Line items', t.subtotalCents),
    ...(estimate.opEnabled ? [total('Overhead', t.overheadCents), total('Profit', t.profitCents)] : []),
    total('RCV', t.rcvCents),
    total('Depreciation', t.depreciationCents),
    total('ACV', t.acvCents),
  ];
  return { fileName: `estimate-v${estimate.version}-${estimate.updatedAt.slice(0, 10)}.csv`, body: csvDocument(COLUMNS, rows) };
}
