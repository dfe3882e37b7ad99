import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reportDetailResponseSchema, type CreatePacketInput, type ReportDetail } from '@ridgeline/shared/contracts/documents';
import { api } from '../../../lib/api-client';
import { reportKey, reportsKey } from './report-keys';

// POST /api/reports/packet: a claim submission packet of a claim file, queued for rendering at once
// (422 SHOT_LIST_INCOMPLETE when it holds the photo report, required photos are missing and no
// reason is given).

export async function createPacket(input: CreatePacketInput): Promise<ReportDetail> {
  return (await api.post('/api/reports/packet', input, { schema: reportDetailResponseSchema })).report;
}

export function useCreatePacket() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createPacket,
    onSuccess: (report) => client.setQueryData(reportKey(report.id), report),
    onSettled: () => client.invalidateQueries({ queryKey: reportsKey }),
  });
}
