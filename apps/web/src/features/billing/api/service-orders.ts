import { useQuery } from '@tanstack/react-query';
import { serviceOrderListSchema } from '@ridgeline/shared/contracts/billing';
import { api } from '../../../lib/api-client';
import { serviceOrdersKey } from './billing-keys';

// GET /api/projects/:id/service-orders: the project's service orders, newest first (any member).

export function fetchServiceOrders(projectId: string) {
  return api.get(`/api/projects/${encodeURIComponent(projectId)}/service-orders`, { schema: serviceOrderListSchema });
}

export function useServiceOrders(projectId: string) {
  return useQuery({ queryKey: serviceOrdersKey(projectId), queryFn: () => fetchServiceOrders(projectId) });
}
