// Query keys of data that several features show, so a write in one refreshes what the others read
// (features never import each other).

/** The carrier directory: carriers, adjusters, carrier pages and the project screens' pickers all sit below it. */
export const directoryKey = ['directory'] as const;

/** The dashboard (GET /api/dashboard): every claim-file write may change it. */
export const dashboardKey = ['dashboard'] as const;
