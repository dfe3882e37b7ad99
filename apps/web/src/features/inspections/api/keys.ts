// Query keys of the inspection screens' server reads (the sessions themselves live in the local store).
export const inspectionsKey = ['inspections'] as const;
export const inspectionListKey = (query: object) => [...inspectionsKey, 'list', query] as const;
export const inspectionActivityKey = (id: string) => [...inspectionsKey, 'activity', id] as const;
