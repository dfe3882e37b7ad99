import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { forgotPasswordSchema } from '@ridgeline/shared/contracts/auth';
import { OFFLINE_MESSAGES } from '@ridgeline/shared/domain/auth-messages';
import { notify } from '../../../lib/toast';
import { resetPasswordForEmail } from '../auth-api';
import { errorText } from '../../../lib/error-text';
import { Field, linkButton, primaryButton } from './field';

export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const form = useForm<z.input<typeof forgotPasswordSchema>, unknown, z.output<typeof forgotPasswordSchema>>({
    resolver: zodResolver(forgotPasswordSchema),
  });
  const [sent, setSent] = useState(false);
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ email }) => {
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
  });

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate aria-label="Reset password">
      <p className="text-sm text-slate-700">Enter the email you signed up with and we will send you a link to choose a new password.</p>
      <Field id="forgot-email" label="Email" type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
      {sent && (
        <p role="status" className="rounded-md bg-green-50 px-3 py-2 text-sm text-green-900">
          If an account exists for that address, the reset link is on its way.
        </p>
      )}
      <button type="submit" className={primaryButton} disabled={isSubmitting}>
        {isSubmitting ? 'Sending…' : 'Send reset link'}
      </button>
      <button type="button" className={linkButton} onClick={onBack}>
        Back to sign in
      </button>
    </form>
  );
}
