import { lossTypeLabel } from '@ridgeline/shared/domain/loss-types';
import { displayName } from '@ridgeline/shared/domain/users';
import type { ExportRow } from './projects.repository';
import { csvDocument } from '@ridgeline/shared/domain/csv';

// The project list as a spreadsheet file: RFC 4180 (every cell quoted, quotes doubled, CRLF line
// ends), UTF-8 with a byte-order mark so spreadsheet programs read accented names right.

export type CsvFile = { fileName: string; body: string };

const COLUMNS = [
  'Title',
  'Homeowner',
  'Phone',
  'Email',
  'Address',
  'City',
  'State',
  'ZIP',
  'Carrier',
  'Claim number',
  'Policy number',
  'Loss type',
  'Date of loss',
  'Status',
  'Assignee',
  'Active',
  'RCV',
  'Created',
] as const;

/** Cents as a plain decimal number a spreadsheet sums: 123456 -> "1234.56". */
function dollars(cents: number | null): string | null {
  if (cents === null) return null;
  return (cents / 100).toFixed(2);
}

function cellsOf(row: ExportRow): (string | number | null)[] {
  const assignee =
    row.assigneeId === null
      ? null
      : displayName({ firstName: row.assigneeFirstName, lastName: row.assigneeLastName, name: row.assigneeName, email: row.assigneeEmail });
  return [
    row.title,
    row.homeownerName,
    row.homeownerPhone,
    row.homeownerEmail,
    row.street,
    row.city,
    row.state,
    row.zip,
    row.carrierName,
    row.claimNumber,
    row.policyNumber,
    lossTypeLabel(row.lossType),
    row.dateOfLoss,
    row.statusName,
    assignee,
    row.isActive ? 'Yes' : 'No',
    dollars(row.rcvCents),
    row.createdAt.toISOString(),
  ];
}

/** The header row and one row per project. */
export function projectsCsv(rows: ExportRow[]): string {
  return csvDocument(COLUMNS, rows.map(cellsOf));
}
