import { useState } from 'react';
import { z } from 'zod';
import { OFFLINE_MESSAGES } from '@ridgeline/shared/domain/auth-messages';
import { Button } from '../../../components/ui/button';
import { Form, FormError, FormField, useZodForm } from '../../../components/ui/form';
import { errorText } from '../../../lib/error-text';
import { notify } from '../../../lib/toast';
import { verifyBackupCode, verifyTotpFactor } from '../auth-api';

// An authenticator code is six digits; a recovery code is anything of six characters or more.
const totpSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.'),
});
const recoverySchema = z.object({ code: z.string().trim().min(6, 'Enter one of your recovery codes.') });

/** The second step of a sign-in with two-factor: a code from the authenticator app, or a recovery code. */
export function TwoFactorForm({ onVerified, onCancel }: { onVerified: () => Promise<void>; onCancel: () => void }) {
  const [useRecovery, setUseRecovery] = useState(false);
  const form = useZodForm(useRecovery ? recoverySchema : totpSchema, { defaultValues: { code: '' } });
  const fail = (message: string) => form.setError('root', { message });

  const submit = async ({ code }: { code: string }) => {
    if (!navigator.onLine) {
      notify.error('Sign In Error', OFFLINE_MESSAGES.signIn);
      fail(OFFLINE_MESSAGES.signIn);
      return;
    }
    try {
      if (useRecovery) await verifyBackupCode(code);
      else await verifyTotpFactor(code);
      await onVerified();
    } catch (e) {
      const message = errorText(e);
      fail(message);
      notify.error('Sign In Error', message);
    }
  };

  const toggle = () => {
    form.clearErrors();
    setUseRecovery(!useRecovery);
  };

  return (
    <Form form={form} onSubmit={submit} aria-label="Two-factor verification">
      <p className="text-sm text-slate-700">
        {useRecovery
          ? 'Enter one of the recovery codes you saved when you turned on two-factor.'
          : 'Open your authenticator app and enter the 6-digit code for Ridgeline.'}
      </p>
      <FormField
        name="code"
        id="two-factor-code"
        label={useRecovery ? 'Recovery code' : 'Authentication code'}
        inputMode={useRecovery ? 'text' : 'numeric'}
        autoComplete="one-time-code"
      />
      <FormError />
      <Button type="submit" className="w-full" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? 'Verifying…' : 'Verify'}
      </Button>
      <Button variant="link" size="inline" onClick={toggle}>
        {useRecovery ? 'Use a code from the authenticator app' : 'Use a recovery code instead'}
      </Button>
      <Button variant="link" size="inline" onClick={onCancel}>
        Back to sign in
      </Button>
    </Form>
  );
}
