// Query keys of the project screens: every write invalidates what it changed through these.
export const projectsKey = ['projects'] as const;
export const projectKey = (id: string) => ['project', id] as const;
export const activeFilesKey = ['active-files'] as const;
