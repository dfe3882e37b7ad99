// Query keys of the estimate screens' server reads, below the estimating feature's key. The
// session's measurement sits below the measurements key, so a measurement write, which refreshes
// every measurement read, refreshes it too.

export type EstimateFilter = { sessionId: string } | { projectId: string };

export const estimatesKey = ['estimating', 'estimates'] as const;
export const estimateListKey = (filter: EstimateFilter) => [...estimatesKey, 'list', filter] as const;
export const estimateKey = (id: string) => [...estimatesKey, 'one', id] as const;

/** The company's price list (read here, written in the settings). */
export const priceListKey = ['price-list'] as const;

export const sessionMeasurementKey = (sessionId: string) => ['estimating', 'measurements', 'session', sessionId] as const;
