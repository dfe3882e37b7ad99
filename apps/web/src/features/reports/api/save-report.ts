import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reportDetailResponseSchema, type ReportDetail, type SaveReportInput } from '@ridgeline/shared/contracts/documents';
import { api } from '../../../lib/api-client';
import { reportKey, reportPath } from './report-keys';

// PUT /api/reports/:id: the editor's autosave of a draft. It names the version it was made from; when
// someone saved in between, the server refuses it (409 DRAFT_CHANGED, naming who saved last and
// when) and nothing is overwritten.

export async function saveReport({ id, input }: { id: string; input: SaveReportInput }): Promise<ReportDetail> {
  return (await api.put(reportPath(id), input, { schema: reportDetailResponseSchema })).report;
}

export function useSaveReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveReport,
    onSuccess: (report) => client.setQueryData(reportKey(report.id), report),
  });
}
