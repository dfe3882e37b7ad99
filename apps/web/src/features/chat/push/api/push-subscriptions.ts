import type { PushSubscriptionInput } from '@ridgeline/shared/contracts/chat';
import { api } from '../../../../lib/api-client';

// POST /api/push/subscriptions: stores this device's push subscription (one per endpoint; subscribing
// again updates it).

export async function saveSubscription(subscription: PushSubscriptionInput): Promise<void> {
  await api.post('/api/push/subscriptions', subscription);
}
