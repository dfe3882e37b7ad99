import { signInSchema } from '@ridgeline/shared/contracts/auth';
import { OFFLINE_MESSAGES } from '@ridgeline/shared/domain/auth-messages';
import { ACCOUNT_DISABLED_CODE } from '@ridgeline/shared/contracts/admin';
import { Button } from '../../../components/ui/button';
import { Form, FormError, FormField, useZodForm } from '../../../components/ui/form';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { rateLimitMessage, rateLimiter } from '../../../lib/rate-limiter';
import { logSecurityEvent } from '../../../lib/security-log';
import { signInWithPassword } from '../auth-api';
import { passwordInput, showFailure, SubmitButton } from '../auth-form';

type Props = { onSignedIn: () => Promise<void>; onTwoFactor: () => void; onForgot: () => void; onDisabled: () => void };

export function SignInForm({ onSignedIn, onTwoFactor, onForgot, onDisabled }: Props) {
  const form = useZodForm(signInSchema);
  const fail = (message: string) => showFailure(form, message, 'Sign In Error');

  const submit = async (input: { email: string; password: string }) => {
    if (!navigator.onLine) {
      fail(OFFLINE_MESSAGES.signIn);
      return;
    }
    // auth_login: the 6th attempt within 15 minutes waits 30 minutes, with no request sent.
    const limit = rateLimiter.check('auth_login', input.email);
    if (!limit.allowed) {
      const message = rateLimitMessage(limit.retryAfter);
      logSecurityEvent('warning', 'sign-in-rate-limited', message, { email: input.email });
      fail(message);
      return;
    }
    try {
      const result = await signInWithPassword(input);
      rateLimiter.reset('auth_login', input.email);
      if (result.twoFactorRedirect) onTwoFactor();
      else await onSignedIn();
    } catch (e) {
      if (e instanceof ApiError && e.code === ACCOUNT_DISABLED_CODE) {
        onDisabled();
        return;
      }
      const message = errorText(e);
      logSecurityEvent('warning', 'sign-in-failed', message, { email: input.email, status: e instanceof ApiError ? e.status : null });
      fail(message);
    }
  };

  return (
    <Form form={form} onSubmit={submit} aria-label="Sign in">
      <FormField name="email" id="signin-email" label="Email" type="email" autoComplete="email" />
      <FormField name="password" id="signin-password" label="Password" {...passwordInput('current-password')} />
      <FormError />
      <SubmitButton isSubmitting={form.formState.isSubmitting} busyText="Signing in…" className="w-full">
        Sign In
      </SubmitButton>
      <Button variant="link" size="inline" onClick={onForgot}>
        Forgot your password?
      </Button>
    </Form>
  );
}
