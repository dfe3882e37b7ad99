import { z } from 'zod';
import { changePasswordSchema } from '@ridgeline/shared/contracts/auth';
import { OFFLINE_MESSAGES, OTHER_DEVICES_SIGNED_OUT } from '@ridgeline/shared/domain/auth-messages';
import { Card, CardTitle } from '../../../components/ui/card';
import { Form, FormError, FormField, useZodForm } from '../../../components/ui/form';
import { notify } from '../../../lib/toast';
import { updatePassword } from '../auth-api';
import { passwordInput, SubmitButton, submitOnline } from '../auth-form';

// The contract's rule, with the page's own words for a missing current password.
const schema = changePasswordSchema.extend({ currentPassword: changePasswordSchema.shape.currentPassword.min(1, 'Enter your current password.') });

export function ChangePasswordCard() {
  const form = useZodForm(schema, { defaultValues: { currentPassword: '', newPassword: '' } });
  const submit = ({ currentPassword, newPassword }: z.output<typeof schema>) =>
    submitOnline(form, { toastTitle: 'Update Password Error', offlineMessage: OFFLINE_MESSAGES.updatePassword }, async () => {
      await updatePassword(currentPassword, newPassword);
      // A new password signs out every other device; the toast says so after the usual sentence.
      notify.success('Password Updated!', `Your password has been successfully updated. ${OTHER_DEVICES_SIGNED_OUT}`);
      form.reset();
    });

  return (
    <Card aria-labelledby="password-heading" className="p-5">
      <CardTitle id="password-heading">Password</CardTitle>
      <Form form={form} onSubmit={submit} className="mt-3 max-w-md gap-3">
        <FormField name="currentPassword" id="current-password" label="Current password" {...passwordInput('current-password')} />
        <FormField name="newPassword" id="new-password" label="New password" {...passwordInput('new-password')} />
        <FormError />
        <div>
          <SubmitButton isSubmitting={form.formState.isSubmitting} busyText="Updating…">
            Update password
          </SubmitButton>
        </div>
      </Form>
    </Card>
  );
}
