import { z } from 'zod';
import { resetPasswordSchema } from '@ridgeline/shared/contracts/auth';
import { OFFLINE_MESSAGES } from '@ridgeline/shared/domain/auth-messages';
import { Form, FormError, FormField, useZodForm } from '../../../components/ui/form';
import { notify } from '../../../lib/toast';
import { resetPassword } from '../auth-api';
import { passwordInput, SubmitButton, submitOnline } from '../auth-form';

// The contract's new-password rule, typed twice: a typo would lock the user out of the new password.
const schema = resetPasswordSchema
  .pick({ newPassword: true })
  .extend({ confirm: z.string() })
  .refine((input) => input.newPassword === input.confirm, { path: ['confirm'], message: 'The two passwords do not match.' });

/** The page a reset link lands on: choose a new password, then sign in with it. */
export function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const form = useZodForm(schema, { defaultValues: { newPassword: '', confirm: '' } });
  const submit = ({ newPassword }: z.output<typeof schema>) =>
    submitOnline(form, { toastTitle: 'Update Password Error', offlineMessage: OFFLINE_MESSAGES.updatePassword }, async () => {
      await resetPassword(token, newPassword);
      notify.success('Password Updated!', 'Your password has been successfully updated.');
      onDone();
    });

  return (
    <Form form={form} onSubmit={submit} aria-label="Choose a new password">
      <FormField name="newPassword" id="reset-password" label="New password" {...passwordInput('new-password')} />
      <FormField name="confirm" id="reset-confirm" label="Confirm new password" {...passwordInput('new-password')} />
      <FormError />
      <SubmitButton isSubmitting={form.formState.isSubmitting} busyText="Saving…" className="w-full">
        Set new password
      </SubmitButton>
    </Form>
  );
}
