// Query keys of the project screens only (lib/api/shared-keys.ts holds those other features refresh).
export const projectsKey = ['projects'] as const;
