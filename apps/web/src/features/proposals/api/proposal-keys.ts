// Query keys of the proposal screens, all below one key: a write refreshes every list at once.
export const proposalsKey = ['proposals'] as const;
export const proposalListKey = (projectId: string) => [...proposalsKey, 'list', projectId] as const;
export const proposalReportKey = (reportId: string) => [...proposalsKey, 'report', reportId] as const;
export const proposalFilesKey = (projectId: string) => [...proposalsKey, 'files', projectId] as const;

/**
 * The share links lists read this key (the sharing screens own it): a link made from a proposal
 * refreshes them. Written out here because one feature never imports another.
 */
export const shareLinksListKey = ['share-links'] as const;

export const proposalPath = (id: string) => `/api/proposals/${encodeURIComponent(id)}`;
/** The PDF of a ready report, sent as an attachment to a signed-in member of the company. */
export const reportFileUrl = (reportId: string) => `/api/reports/${encodeURIComponent(reportId)}/file`;
