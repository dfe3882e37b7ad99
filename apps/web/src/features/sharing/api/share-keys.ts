// Query keys of the share link screens, all below one key (the proposals screens refresh it too
// when they make a homeowner link): a write refreshes every list at once.
export const shareLinksKey = ['share-links'] as const;
export const shareLinkListKey = (projectId: string) => [...shareLinksKey, 'list', projectId] as const;
export const shareLinkViewsKey = (linkId: string) => [...shareLinksKey, 'views', linkId] as const;
export const shareChoicesKey = (projectId: string) => [...shareLinksKey, 'choices', projectId] as const;
export const publicShareKey = (token: string) => ['public-share', token] as const;

export const shareLinkPath = (id: string) => `/api/share-links/${encodeURIComponent(id)}`;
export const publicSharePath = (token: string) => `/api/public/share/${encodeURIComponent(token)}`;
/** The shared PDF, for anyone holding the link. */
export const publicShareFileUrl = (token: string) => `${publicSharePath(token)}/file`;
