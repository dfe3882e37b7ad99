import { useQuery } from '@tanstack/react-query';
import { dashboardSchema } from '@ridgeline/shared/contracts/dashboard';
import { api } from '../../../lib/api-client';
import { dashboardKey } from '../../../lib/api/shared-keys';

// GET /api/dashboard: the company's claim files at a glance. Every project, task and status write
// invalidates ['dashboard'], so the page is fresh when the user comes back to it.

export function fetchDashboard() {
  return api.get('/api/dashboard', { schema: dashboardSchema });
}

export function useDashboard() {
  return useQuery({ queryKey: dashboardKey, queryFn: fetchDashboard });
}
