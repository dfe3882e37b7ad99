// Query keys of data that several features show, so a write in one refreshes what the others read
// (features never import each other).

/** The carrier directory: carriers, adjusters, carrier pages and the project screens' pickers all sit below it. */
export const directoryKey = ['directory'] as const;

/** The dashboard (GET /api/dashboard): every claim-file write may change it. */
export const dashboardKey = ['dashboard'] as const;

/** The lists of claim files (the board, the list, their filters): a claim file moved by the server refreshes them. */
export const projectsKey = ['projects'] as const;

/** A claim file (GET /api/projects/:id) and what sits below it (its timeline): an order on it refreshes them. */
export const projectKey = (id: string) => ['project', id] as const;

/** A claim file's files: a delivered service order adds one. */
export const projectFilesKey = (projectId: string) => ['project-files', projectId] as const;

/** The company's active files against its plan's limit: a plan change moves the limit. */
export const activeFilesKey = ['active-files'] as const;

/**
 * Every read of photos (a gallery, one photo, the photos a proposal or a report can show) sits below
 * it, keyed with the ids it is of (photo, claim file, session): a photo write refreshes them, and a
 * photo's thumbnails stored (the realtime `photo-thumbnails`) refreshes those naming that photo, its
 * claim file or its session.
 */
export const photosKey = ['photos'] as const;
