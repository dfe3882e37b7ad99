import { useMutation, useQueryClient } from '@tanstack/react-query';
import { buyCreditsResultSchema, type BuyCreditsInput, type BuyCreditsResult } from '@ridgeline/shared/contracts/billing';
import { api } from '../../../lib/api-client';
import { creditsKey } from './billing-keys';

// POST /api/credits/purchase: owners and platform admins buy a pack (403 NOT_PAYER for anyone else).
// In test mode the credits are added at once; with Stripe the answer is the Checkout page to go to.

export function buyCredits(input: BuyCreditsInput): Promise<BuyCreditsResult> {
  return api.post('/api/credits/purchase', input, { schema: buyCreditsResultSchema });
}

export function useBuyCredits() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: buyCredits,
    // The balance and the ledger (its key starts with the credits key) are read again.
    onSuccess: (result) => (result.outcome === 'applied' ? client.invalidateQueries({ queryKey: creditsKey }) : undefined),
  });
}
