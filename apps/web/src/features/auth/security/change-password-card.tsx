import { z } from 'zod';
import { changePasswordSchema } from '@ridgeline/shared/contracts/auth';
import { OFFLINE_MESSAGES, OTHER_DEVICES_SIGNED_OUT } from '@ridgeline/shared/domain/auth-messages';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { Form, FormError, FormField, useZodForm } from '../../../components/ui/form';
import { errorText } from '../../../lib/error-text';
import { notify } from '../../../lib/toast';
import { updatePassword } from '../auth-api';

// The contract's rule, with the page's own words for a missing current password.
const schema = changePasswordSchema.extend({ currentPassword: changePasswordSchema.shape.currentPassword.min(1, 'Enter your current password.') });

export function ChangePasswordCard() {
  const form = useZodForm(schema, { defaultValues: { currentPassword: '', newPassword: '' } });
  const fail = (message: string) => form.setError('root', { message });

  const submit = async ({ currentPassword, newPassword }: z.output<typeof schema>) => {
    if (!navigator.onLine) {
      notify.error('Update Password Error', OFFLINE_MESSAGES.updatePassword);
      fail(OFFLINE_MESSAGES.updatePassword);
      return;
    }
    try {
      await updatePassword(currentPassword, newPassword);
      // A new password signs out every other device; the toast says so after the usual sentence.
      notify.success('Password Updated!', `Your password has been successfully updated. ${OTHER_DEVICES_SIGNED_OUT}`);
      form.reset();
    } catch (e) {
      const message = errorText(e);
      fail(message);
      notify.error('Update Password Error', message);
    }
  };

  return (
    <Card aria-labelledby="password-heading" className="p-5">
      <CardTitle id="password-heading">Password</CardTitle>
      <Form form={form} onSubmit={submit} className="mt-3 max-w-md gap-3">
        <FormField name="currentPassword" id="current-password" label="Current password" type="password" autoComplete="current-password" />
        <FormField name="newPassword" id="new-password" label="New password" type="password" autoComplete="new-password" />
        <FormError />
        <div>
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? 'Updating…' : 'Update password'}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
