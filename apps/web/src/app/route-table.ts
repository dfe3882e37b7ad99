// The signed-in pages that later releases fill: their titles and what they will hold.
// Each renders an honest empty state until its feature lands.
export type PlannedPage = { path: string; title: string; description: string };

export const PLANNED_PAGES: PlannedPage[] = [];
