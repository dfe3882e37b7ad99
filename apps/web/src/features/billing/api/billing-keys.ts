// The query keys of billing's reads. A plan change, a purchase or a 402 invalidates `billingRootKey`.

export const billingRootKey = ['billing'] as const;
export const billingOverviewKey = ['billing', 'overview'] as const;
export const invoicesKey = ['billing', 'invoices'] as const;
export const creditsKey = ['billing', 'credits'] as const;
export const creditEntriesKey = (filters: object) => ['billing', 'credits', 'entries', filters] as const;
export const checkoutKey = (id: string) => ['billing', 'checkout', id] as const;
export const serviceOrdersKey = (projectId: string) => ['billing', 'service-orders', projectId] as const;
export const adminBillingKey = ['billing', 'admin'] as const;
