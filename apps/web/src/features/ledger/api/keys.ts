import { projectKey } from '../../../lib/api/shared-keys';

// Query keys of the claim money ledger: one per claim file, below the claim file's own (a claim file
// the server moved forward, read again, reads its ledger's suggestions again too).
export const ledgerKey = (projectId: string) => [...projectKey(projectId), 'ledger'] as const;
