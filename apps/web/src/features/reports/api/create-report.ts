import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reportDetailResponseSchema, type CreateReportInput, type ReportDetail } from '@ridgeline/shared/contracts/documents';
import { api } from '../../../lib/api-client';
import { reportKey, reportsKey } from './report-keys';

// POST /api/reports: a one-click photo report (queued for rendering at once; 422
// SHOT_LIST_INCOMPLETE when required photos are missing and no reason is given) or a new editor draft.

export async function createReport(input: CreateReportInput): Promise<ReportDetail> {
  return (await api.post('/api/reports', input, { schema: reportDetailResponseSchema })).report;
}

export function useCreateReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createReport,
    onSuccess: (report) => client.setQueryData(reportKey(report.id), report),
    onSettled: () => client.invalidateQueries({ queryKey: reportsKey }),
  });
}
