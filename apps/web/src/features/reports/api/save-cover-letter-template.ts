import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { reportsKey } from './report-keys';

// PUT /api/reports/cover-letter-template: the company's own cover letter, the starting point of every
// later packet (owners and managers).

export async function saveCoverLetterTemplate(template: string): Promise<void> {
  await api.put('/api/reports/cover-letter-template', { template });
}

export function useSaveCoverLetterTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveCoverLetterTemplate,
    onSettled: () => client.invalidateQueries({ queryKey: [...reportsKey, 'packet-defaults'] }),
  });
}
