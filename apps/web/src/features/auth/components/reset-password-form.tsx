import { z } from 'zod';
import { resetPasswordSchema } from '@ridgeline/shared/contracts/auth';
import { OFFLINE_MESSAGES } from '@ridgeline/shared/domain/auth-messages';
import { Button } from '../../../components/ui/button';
import { Form, FormError, FormField, useZodForm } from '../../../components/ui/form';
import { errorText } from '../../../lib/error-text';
import { notify } from '../../../lib/toast';
import { resetPassword } from '../auth-api';

// The contract's new-password rule, typed twice: a typo would lock the user out of the new password.
const schema = resetPasswordSchema
  .pick({ newPassword: true })
  .extend({ confirm: z.string() })
  .refine((input) => input.newPassword === input.confirm, { path: ['confirm'], message: 'The two passwords do not match.' });

/** The page a reset link lands on: choose a new password, then sign in with it. */
export function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const form = useZodForm(schema, { defaultValues: { newPassword: '', confirm: '' } });
  const fail = (message: string) => form.setError('root', { message });

  const submit = async ({ newPassword }: z.output<typeof schema>) => {
    if (!navigator.onLine) {
      notify.error('Update Password Error', OFFLINE_MESSAGES.updatePassword);
      fail(OFFLINE_MESSAGES.updatePassword);
      return;
    }
    try {
      await resetPassword(token, newPassword);
      notify.success('Password Updated!', 'Your password has been successfully updated.');
      onDone();
    } catch (e) {
      const message = errorText(e);
      fail(message);
      notify.error('Update Password Error', message);
    }
  };

  return (
    <Form form={form} onSubmit={submit} aria-label="Choose a new password">
      <FormField name="newPassword" id="reset-password" label="New password" type="password" autoComplete="new-password" />
      <FormField name="confirm" id="reset-confirm" label="Confirm new password" type="password" autoComplete="new-password" />
      <FormError />
      <Button type="submit" className="w-full" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? 'Saving…' : 'Set new password'}
      </Button>
    </Form>
  );
}
