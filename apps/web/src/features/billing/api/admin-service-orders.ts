import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminServiceOrderListSchema, adminServiceOrderSchema, type AdminServiceOrder } from '@ridgeline/shared/contracts/billing';
import type { ServiceOrderStatus } from '@ridgeline/shared/domain/billing';
import { api } from '../../../lib/api-client';
import { billingRootKey } from './billing-keys';

// The platform admin's service order queue: GET /api/admin/service-orders?status=, and its actions
// POST /api/admin/service-orders/:id/status {status: 'in_progress'}, POST .../:id/cancel {reason},
// PUT .../:id/delivery?fileName= with the file's raw bytes as the body.

export const adminServiceOrdersKey = (status: ServiceOrderStatus | 'all') => ['billing', 'admin', 'service-orders', status] as const;

export function fetchAdminServiceOrders(status: ServiceOrderStatus | 'all') {
  const query = status === 'all' ? '' : `?status=${encodeURIComponent(status)}`;
  return api.get(`/api/admin/service-orders${query}`, { schema: adminServiceOrderListSchema });
}

export function useAdminServiceOrders(status: ServiceOrderStatus | 'all') {
  return useQuery({ queryKey: adminServiceOrdersKey(status), queryFn: () => fetchAdminServiceOrders(status) });
}

/** Each action refreshes all of billing: the queue, and the balances and orders a refund or delivery changed. */
function useQueueAction<TInput>(mutationFn: (input: TInput) => Promise<AdminServiceOrder>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => client.invalidateQueries({ queryKey: billingRootKey }) });
}

export const useStartServiceOrder = () =>
  useQueueAction((orderId: string) =>
    api.post(`/api/admin/service-orders/${encodeURIComponent(orderId)}/status`, { status: 'in_progress' }, { schema: adminServiceOrderSchema }),
  );

export const useAdminCancelServiceOrder = () =>
  useQueueAction(({ orderId, reason }: { orderId: string; reason: string }) =>
    api.post(`/api/admin/service-orders/${encodeURIComponent(orderId)}/cancel`, { reason }, { schema: adminServiceOrderSchema }),
  );

export const useDeliverServiceOrder = () =>
  useQueueAction(({ orderId, file }: { orderId: string; file: File }) =>
    api.put(`/api/admin/service-orders/${encodeURIComponent(orderId)}/delivery?fileName=${encodeURIComponent(file.name)}`, file, {
      schema: adminServiceOrderSchema,
    }),
  );
