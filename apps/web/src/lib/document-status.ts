import type { Report } from '@ridgeline/shared/contracts/documents';

// A document (report, packet or proposal PDF) is on its way while it is queued or rendering; a
// document on its way is read again every second, so the percent moves.

/** How often a document on its way is read again. */
export const DOCUMENT_POLL_MS = 1000;

export function isOnItsWay(report: Pick<Report, 'status'>): boolean {
  return report.status === 'queued' || report.status === 'rendering';
}

/** A query's refetchInterval: every DOCUMENT_POLL_MS while the document read is on its way, else none. */
export function pollWhileOnItsWay(report: Pick<Report, 'status'> | undefined): number | false {
  return report && isOnItsWay(report) ? DOCUMENT_POLL_MS : false;
}
