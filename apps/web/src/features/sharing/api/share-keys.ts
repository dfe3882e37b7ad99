import { shareLinksKey } from '../../../lib/api/documents';

// Query keys of the share link screens, all below one key (lib/api/documents.ts, where the link is
// made, from here or from a proposal): a write refreshes every list at once.
export { shareLinksKey };
export const shareLinkListKey = (projectId: string) => [...shareLinksKey, 'list', projectId] as const;
export const shareLinkViewsKey = (linkId: string) => [...shareLinksKey, 'views', linkId] as const;
export const publicShareKey = (token: string) => ['public-share', token] as const;

export const shareLinkPath = (id: string) => `/api/share-links/${encodeURIComponent(id)}`;
export const publicSharePath = (token: string) => `/api/public/share/${encodeURIComponent(token)}`;
/** The shared PDF, for anyone holding the link. */
export const publicShareFileUrl = (token: string) => `${publicSharePath(token)}/file`;
