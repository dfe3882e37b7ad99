// Every field screen a rep opens on a phone, with the ids filled in: the hub and the lists, a new
// inspection (online and offline), and each step of one session (details, areas, the six capture
// phases and the four sides, insurance, measurements, analysis, estimate, convert, annotation),
// both the online routes and the offline ones.

const PHASES = ['overview', 'elevations', 'roof', 'collateral', 'interior', 'detail'] as const;
const SIDES = ['front', 'right', 'rear', 'left'] as const;

export function fieldRoutes(sessionId: string, photoId?: string): string[] {
  const base = `/field-inspection/${sessionId}`;
  return [
    '/field-inspection',
    '/field-inspections',
    '/field-inspection/new',
    '/field-inspection/new-offline',
    `/field-inspection/new?session=${sessionId}`,
    base,
    `${base}/areas`,
    `${base}/areas-offline`,
    ...PHASES.map((phase) => `${base}/${phase}`),
    ...PHASES.map((phase) => `${base}/phase-offline/${phase}`),
    ...SIDES.map((side) => `${base}/elevation/${side}`),
    `${base}/insurance-details`,
    `${base}/measurements`,
    `${base}/analysis`,
    `${base}/estimate`,
    `${base}/convert`,
    ...(photoId ? [`${base}/photo-annotation?photo=${photoId}`] : []),
  ];
}
