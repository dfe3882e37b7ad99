import type { ShingleHistoryQuery } from '@ridgeline/shared/contracts/shingles';

// Query keys of shingle identification.
export const shingleCatalogKey = ['shingles', 'catalog'] as const;
export const shingleHistoryKey = (query: ShingleHistoryQuery = {}) => ['shingles', 'history', query] as const;
export const shingleHistoryRoot = ['shingles', 'history'] as const;
export const shingleIdentificationKey = (id: string) => ['shingles', 'identification', id] as const;
export const projectShingleIdsKey = (projectId: string) => ['shingles', 'project', projectId] as const;
export const shingleVisionKey = ['shingles', 'vision'] as const;
