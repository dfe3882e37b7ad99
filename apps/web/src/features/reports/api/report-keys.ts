import { reportQuery, reportsKey } from '../../../lib/api/documents';

// Query keys of the reports screens, all below one key (lib/api/documents.ts, with the lists): a write
// refreshes every list and every open report at once.
export { reportsKey };
export const reportKey = (id: string) => reportQuery(id).queryKey;

export const reportPath = (id: string) => `/api/reports/${encodeURIComponent(id)}`;
/** The PDF itself, sent as an attachment to a signed-in member of the company. */
export const reportFilePath = (id: string) => `${reportPath(id)}/file`;
