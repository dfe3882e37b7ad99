import { estimatingKey } from './keys';

// Query keys of the estimate screens' server reads, below the estimating feature's key (the session's
// measurement is read through the measurement list, so a measurement write refreshes it too).

export type EstimateFilter = { sessionId: string } | { projectId: string };

export const estimatesKey = [...estimatingKey, 'estimates'] as const;
export const estimateListKey = (filter: EstimateFilter) => [...estimatesKey, 'list', filter] as const;
export const estimateKey = (id: string) => [...estimatesKey, 'one', id] as const;

/** The company's price list (read here, written in the settings). */
export const priceListKey = ['price-list'] as const;
