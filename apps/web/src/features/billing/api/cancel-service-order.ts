import { useMutation, useQueryClient } from '@tanstack/react-query';
import { serviceOrderSchema, type ServiceOrder } from '@ridgeline/shared/contracts/billing';
import { api } from '../../../lib/api-client';
import { projectKey } from '../../../lib/api/shared-keys';
import { creditsKey, serviceOrdersKey } from './billing-keys';

// POST /api/service-orders/:id/cancel {reason}: an owner or manager cancels an order not yet started; its credits come back.

export function cancelServiceOrder(orderId: string, reason: string): Promise<ServiceOrder> {
  return api.post(`/api/service-orders/${encodeURIComponent(orderId)}/cancel`, { reason }, { schema: serviceOrderSchema });
}

export function useCancelServiceOrder(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, reason }: { orderId: string; reason: string }) => cancelServiceOrder(orderId, reason),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: serviceOrdersKey(projectId) }),
        client.invalidateQueries({ queryKey: creditsKey }),
        client.invalidateQueries({ queryKey: projectKey(projectId) }),
      ]),
  });
}
