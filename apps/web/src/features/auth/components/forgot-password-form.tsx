import { useState } from 'react';
import { forgotPasswordSchema } from '@ridgeline/shared/contracts/auth';
import { OFFLINE_MESSAGES } from '@ridgeline/shared/domain/auth-messages';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Form, FormField, useZodForm } from '../../../components/ui/form';
import { errorText } from '../../../lib/error-text';
import { notify } from '../../../lib/toast';
import { resetPasswordForEmail } from '../auth-api';

export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const form = useZodForm(forgotPasswordSchema);
  const [sent, setSent] = useState(false);

  const submit = async ({ email }: { email: string }) => {
    if (!navigator.onLine) {
      notify.error('Reset Password Error', OFFLINE_MESSAGES.resetPassword);
      return;
    }
    try {
      await resetPasswordForEmail(email);
      setSent(true);
      notify.success('Password Reset Email Sent!', 'Please check your email for the password reset link.');
    } catch (e) {
      notify.error('Reset Password Error', errorText(e));
    }
  };

  return (
    <Form form={form} onSubmit={submit} aria-label="Reset password">
      <p className="text-sm text-slate-700">Enter the email you signed up with and we will send you a link to choose a new password.</p>
      <FormField name="email" id="forgot-email" label="Email" type="email" autoComplete="email" />
      {sent && <Alert tone="success">If an account exists for that address, the reset link is on its way.</Alert>}
      <Button type="submit" className="w-full" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? 'Sending…' : 'Send reset link'}
      </Button>
      <Button variant="link" size="inline" onClick={onBack}>
        Back to sign in
      </Button>
    </Form>
  );
}
