import { REPORT_KIND_LABELS } from '@ridgeline/shared/domain/documents';
import type { Report } from '@ridgeline/shared/contracts/documents';
import { formatDateTime } from '../../lib/dates';

// How the documents lists say a document's facts.

export const kindLabel = (report: Pick<Report, 'kind'>) => REPORT_KIND_LABELS[report.kind];

export function pagesText(report: Pick<Report, 'pageCount'>): string {
  if (report.pageCount === null) return '—';
  return `${report.pageCount} page${report.pageCount === 1 ? '' : 's'}`;
}

export function madeByText(report: Pick<Report, 'createdBy'>): string {
  return report.createdBy?.name ?? 'A former member';
}

export function whenText(iso: string): string {
  return formatDateTime(iso);
}
