import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reportDetailResponseSchema, type ReportDetail } from '@ridgeline/shared/contracts/documents';
import { api } from '../../../lib/api-client';
import { reportKey, reportPath, reportsKey } from './report-keys';

// POST /api/reports/:id/render: renders the PDF (again). Answers the report queued, or ready at once
// when nothing it is made from changed since the last render.

export async function renderReport({ id, overrideReason }: { id: string; overrideReason?: string }): Promise<ReportDetail> {
  return (await api.post(`${reportPath(id)}/render`, overrideReason ? { overrideReason } : {}, { schema: reportDetailResponseSchema })).report;
}

export function useRenderReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: renderReport,
    onSuccess: (report) => client.setQueryData(reportKey(report.id), report),
    onSettled: () => client.invalidateQueries({ queryKey: reportsKey }),
  });
}
