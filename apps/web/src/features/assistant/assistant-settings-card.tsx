import { CODE_EDITIONS, DAILY_ANSWER_LIMIT_MAX } from '@ridgeline/shared/domain/assistant';
import type { AssistantSettings } from '@ridgeline/shared/contracts/assistant';
import { z } from 'zod';
import { SubmitButton } from '../../components/submit-button';
import { CardDiv, CardTitle } from '../../components/ui/card';
import { Form, FormCheckbox, FormError, FormField, submitShowingErrors, useZodForm } from '../../components/ui/form';
import { notify } from '../../lib/toast';
import { useAssistantSettings, useUpdateAssistantSettings } from './api/settings';

const settingsFormSchema = z.object({
  codeEdition: z.enum(CODE_EDITIONS),
  providerEnabled: z.boolean(),
  dailyLimit: z.coerce
    .number<string | number>()
    .int('Enter a whole number')
    .min(1, 'At least 1')
    .max(DAILY_ANSWER_LIMIT_MAX, `At most ${DAILY_ANSWER_LIMIT_MAX}`),
});

/** The owner's settings of the assistant: the adopted code edition, the AI provider switch and the daily answer limit. */
export function AssistantSettingsCard() {
  const settings = useAssistantSettings(true);
  if (!settings.data) return null;
  return <SettingsForm settings={settings.data} />;
}

function SettingsForm({ settings }: { settings: AssistantSettings }) {
  const update = useUpdateAssistantSettings();
  const form = useZodForm(settingsFormSchema, {
    defaultValues: { codeEdition: settings.codeEdition, providerEnabled: settings.providerEnabled, dailyLimit: settings.dailyLimit },
  });
  const submit = async (values: z.output<typeof settingsFormSchema>) => {
    await submitShowingErrors(form, async () => {
      await update.mutateAsync(values);
      notify.success('Assistant settings saved', `Answers follow the ${values.codeEdition} IRC.`);
    });
  };
  return (
    <CardDiv>
      <details>
        <summary className="min-h-11 cursor-pointer py-2 font-semibold text-slate-900">Assistant settings (owner)</summary>
        <CardTitle className="sr-only">Assistant settings</CardTitle>
        <Form form={form} onSubmit={submit} aria-label="Assistant settings" className="mt-2">
          <FormField
            name="codeEdition"
            label="Adopted code edition"
            control="select"
            hint="The IRC edition your jurisdictions enforce: which code rules the assistant cites."
          >
            {CODE_EDITIONS.map((edition) => (
              <option key={edition} value={edition}>
                IRC {edition}
              </option>
            ))}
          </FormField>
          <FormCheckbox
            name="providerEnabled"
            label={
              settings.providerConfigured
                ? "Use the AI provider for answers and Shingle ID's suggestions from a photo"
                : 'Use the AI provider for answers (none is configured on this server)'
            }
          />
          <FormField
            name="dailyLimit"
            label="Answers per day for the company"
            inputMode="numeric"
            hint="Counted per UTC day for everyone in the company, Shingle ID's suggestions from a photo included."
          />
          <FormError />
          <SubmitButton isSubmitting={form.formState.isSubmitting} busyText="Saving…" className="w-full sm:w-fit">
            Save settings
          </SubmitButton>
        </Form>
      </details>
    </CardDiv>
  );
}
