import { proposalsKey } from '../../../lib/api/documents';

// Query keys of the proposal screens, all below one key (lib/api/documents.ts, with the lists): a
// write refreshes every list at once.
export { proposalsKey };

export const proposalPath = (id: string) => `/api/proposals/${encodeURIComponent(id)}`;
/** The PDF of a ready report, sent as an attachment to a signed-in member of the company. */
export const reportFileUrl = (reportId: string) => `/api/reports/${encodeURIComponent(reportId)}/file`;
