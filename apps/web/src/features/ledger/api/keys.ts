// Query keys of the claim money ledger: one per claim file.
export const ledgerKey = (projectId: string) => ['ledger', projectId] as const;
