import { estimatesKey } from '../../../lib/api/estimates';

// Query keys of the estimate screens' own server reads: one version sits below the estimates' key
// (lib/api/estimates.ts) with the lists, so an estimate's write refreshes both.

export const estimateKey = (id: string) => [...estimatesKey, 'one', id] as const;

/** The company's price list (read here, written in the settings). */
export const priceListKey = ['price-list'] as const;
