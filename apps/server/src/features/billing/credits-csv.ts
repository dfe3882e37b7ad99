import type { CreditEntryKind } from '@ridgeline/shared/domain/billing';

// The credit ledger as a spreadsheet file: RFC 4180 (every cell quoted, quotes doubled, CRLF line
// ends), UTF-8 with a byte-order mark so spreadsheet programs read accented names right.

export type CsvFile = { fileName: string; body: string };

/** One ledger row as the file shows it. */
export type CreditCsvRow = {
  createdAt: Date;
  kind: CreditEntryKind;
  credits: number;
  balanceAfter: number;
  reason: string;
  by: string | null;
  project: string | null;
};

const COLUMNS = ['Date', 'Kind', 'Credits', 'Balance', 'Reason', 'By', 'Project'] as const;

export const CREDIT_KIND_WORDS: Record<CreditEntryKind, string> = { purchase: 'Purchase', spend: 'Spend', refund: 'Refund', adjustment: 'Adjustment' };

/** A cell a spreadsheet would run as a formula (= + - @, or a leading tab or carriage return). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell: text that a spreadsheet would read as a formula gets a leading apostrophe (so a reason
 * written "=HYPERLINK(...)" stays text), then the cell is quoted with its quotes doubled. Numbers are
 * written as numbers (a spend of -4 credits stays a number a spreadsheet sums).
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '""';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** The company's name as a file name part: lower-case letters and digits joined by dashes ("company" when none are left). */
export function companySlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'company';
}

/** `credits-<company-slug>-<YYYY-MM-DD>.csv`, the day in UTC. */
export function creditsCsvFileName(companyName: string, now: Date): string {
  return `credits-${companySlug(companyName)}-${now.toISOString().slice(0, 10)}.csv`;
}

/** The header row and one row per ledger row, in the order given (newest first). */
export function creditsCsv(rows: CreditCsvRow[]): string {
  const lines = [
    COLUMNS.map(csvCell).join(','),
    ...rows.map((row) =>
      [row.createdAt.toISOString(), CREDIT_KIND_WORDS[row.kind], row.credits, row.balanceAfter, row.reason, row.by, row.project].map(csvCell).join(','),
    ),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
