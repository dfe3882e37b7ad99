import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { assistantSettingsSchema, type UpdateAssistantSettingsInput } from '@ridgeline/shared/contracts/assistant';
import { api } from '../../../lib/api-client';
import { assistantSettingsKey } from './keys';

/** GET /api/assistant/settings: the company's adopted code edition, provider switch and daily limit. */
export function useAssistantSettings(enabled: boolean) {
  return useQuery({ queryKey: assistantSettingsKey, queryFn: () => api.get('/api/assistant/settings', { schema: assistantSettingsSchema }), enabled });
}

/** PATCH /api/assistant/settings (the owner's). */
export function useUpdateAssistantSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateAssistantSettingsInput) => api.patch('/api/assistant/settings', input, { schema: assistantSettingsSchema }),
    onSuccess: (settings) => {
      client.setQueryData(assistantSettingsKey, settings);
      void client.invalidateQueries({ queryKey: ['assistant', 'conversation'] });
    },
  });
}
