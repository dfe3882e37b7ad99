import { feedbackReplySchema } from '@ridgeline/shared/contracts/feedback';
import type { z } from 'zod';
import { SubmitButton } from '../../components/submit-button';
import { Form, FormError, FormField, submitShowingErrors, useZodForm } from '../../components/ui/form';
import { notify } from '../../lib/toast';

type Props = {
  /** The field's label. */
  label: string;
  hint: string;
  /** Sends the reply; the form empties once it is in. */
  onSend: (body: string) => Promise<unknown>;
};

/** A reply in a feedback thread, on the one form path. */
export function ReplyForm({ label, hint, onSend }: Props) {
  const form = useZodForm(feedbackReplySchema, { defaultValues: { body: '' } });
  const submit = async ({ body }: z.output<typeof feedbackReplySchema>) => {
    await submitShowingErrors(form, async () => {
      await onSend(body);
      form.reset({ body: '' });
      notify.success('Reply sent');
    });
  };
  return (
    <Form form={form} onSubmit={submit} aria-label="Reply in the thread" className="gap-3">
      <FormField name="body" label={label} hint={hint} control="textarea" rows={4} />
      <FormError />
      <SubmitButton isSubmitting={form.formState.isSubmitting} busyText="Sending…" className="w-full sm:w-fit">
        Send reply
      </SubmitButton>
    </Form>
  );
}
