// The signed-in pages that later releases fill: their titles and what they will hold.
// Each renders an honest empty state until its feature lands.
export type PlannedPage = { path: string; title: string; description: string };

export const PLANNED_PAGES: PlannedPage[] = [
  { path: '/shingle-id', title: 'Shingle ID', description: 'Measure exposure and length, note the type and rank matching products from the catalog.' },
  { path: '/shingle-history', title: 'Shingle History', description: 'Your past shingle identifications.' },
  { path: '/shingle-analysis-test', title: 'Shingle Analysis Test', description: 'Try the shingle analysis on sample measurements.' },
];
