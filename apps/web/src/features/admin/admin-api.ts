import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminUserListSchema, adminUserSchema, cspReportListSchema, impersonationAuditSchema } from '@ridgeline/shared/contracts/admin';
import { api } from '../../lib/api-client';

export const adminUsersKey = (q: string) => ['admin', 'users', q] as const;
export const impersonationAuditKey = ['admin', 'impersonation', 'audit'] as const;

/** Platform admins' user search (name, e-mail or company). */
export function useAdminUsers(q: string) {
  return useQuery({
    queryKey: adminUsersKey(q),
    queryFn: () => api.get(`/api/admin/users?q=${encodeURIComponent(q)}`, { schema: adminUserListSchema }),
    placeholderData: (previous) => previous,
  });
}

export function useSetUserEnabled() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isEnabled }: { id: string; isEnabled: boolean }) =>
      api.patch(`/api/admin/users/${encodeURIComponent(id)}`, { isEnabled }, { schema: adminUserSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'users'] }),
  });
}

export function useImpersonationAudit() {
  return useQuery({ queryKey: impersonationAuditKey, queryFn: () => api.get('/api/admin/impersonation/audit', { schema: impersonationAuditSchema }) });
}

export function useCspReports() {
  return useQuery({ queryKey: ['admin', 'csp-reports'], queryFn: () => api.get('/api/admin/csp-violations', { schema: cspReportListSchema }) });
}
