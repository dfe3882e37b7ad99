import { useMutation, useQueryClient } from '@tanstack/react-query';
import { serviceOrderSchema, type CreateServiceOrderInput, type ServiceOrder } from '@ridgeline/shared/contracts/billing';
import { api } from '../../../lib/api-client';
import { projectKey } from '../../../lib/api/shared-keys';
import { creditsKey, serviceOrdersKey } from './billing-keys';

// POST /api/projects/:id/service-orders: an owner or manager orders a service, paid from the balance.

export function createServiceOrder(projectId: string, input: CreateServiceOrderInput): Promise<ServiceOrder> {
  return api.post(`/api/projects/${encodeURIComponent(projectId)}/service-orders`, input, { schema: serviceOrderSchema });
}

/** Orders, then refreshes the project's orders and the balance (also when refused: the balance may have moved). */
export function useCreateServiceOrder(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateServiceOrderInput) => createServiceOrder(projectId, input),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: serviceOrdersKey(projectId) }),
        client.invalidateQueries({ queryKey: creditsKey }),
        client.invalidateQueries({ queryKey: projectKey(projectId) }),
      ]),
  });
}
