import { CREDIT_ENTRY_KIND_LABELS, type CreditEntryKind } from '@ridgeline/shared/domain/billing';
import { csvDocument } from '@ridgeline/shared/domain/csv';

// The credit ledger as a spreadsheet file (the shared domain/csv.ts writes the cells).

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

const COLUMNS = ['Date', 'Kind', 'Credits', 'Balance', 'Reason', 'By', 'Claim file'] as const;

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
  return csvDocument(
    COLUMNS,
    rows.map((row) => [row.createdAt.toISOString(), CREDIT_ENTRY_KIND_LABELS[row.kind], row.credits, row.balanceAfter, row.reason, row.by, row.project]),
  );
}
