import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { reportKey, reportPath, reportsKey } from './report-keys';

// DELETE /api/reports/:id: the document and its PDF are gone.

export async function deleteReport(id: string): Promise<void> {
  await api.delete(reportPath(id));
}

export function useDeleteReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteReport,
    onSuccess: (_, id) => client.removeQueries({ queryKey: reportKey(id) }),
    onSettled: () => client.invalidateQueries({ queryKey: reportsKey }),
  });
}
