import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { signInSchema } from '@ridgeline/shared/contracts/auth';
import { OFFLINE_MESSAGES } from '@ridgeline/shared/domain/auth-messages';
import { ACCOUNT_DISABLED_CODE } from '@ridgeline/shared/contracts/admin';
import { ApiError } from '../../../lib/api-client';
import { rateLimitMessage, rateLimiter } from '../../../lib/rate-limiter';
import { logSecurityEvent } from '../../../lib/security-log';
import { notify } from '../../../lib/toast';
import { signInWithPassword } from '../auth-api';
import { errorText } from '../../../lib/error-text';
import { Field, linkButton, primaryButton } from './field';

type Props = { onSignedIn: () => Promise<void>; onTwoFactor: () => void; onForgot: () => void; onDisabled: () => void };

export function SignInForm({ onSignedIn, onTwoFactor, onForgot, onDisabled }: Props) {
  const form = useForm<z.input<typeof signInSchema>, unknown, z.output<typeof signInSchema>>({ resolver: zodResolver(signInSchema) });
  const [error, setError] = useState<string | null>(null);
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (input) => {
    setError(null);
    if (!navigator.onLine) {
      notify.error('Sign In Error', OFFLINE_MESSAGES.signIn);
      setError(OFFLINE_MESSAGES.signIn);
      return;
    }
    // auth_login (spec section 9): the 6th attempt within 15 minutes waits 30 minutes, with no request sent.
    const limit = rateLimiter.check('auth_login', input.email);
    if (!limit.allowed) {
      const message = rateLimitMessage(limit.retryAfter);
      logSecurityEvent('warning', 'sign-in-rate-limited', message, { email: input.email });
      setError(message);
      notify.error('Sign In Error', message);
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
      setError(message);
      notify.error('Sign In Error', message);
    }
  });

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate aria-label="Sign in">
      <Field id="signin-email" label="Email" type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
      <Field id="signin-password" label="Password" type="password" autoComplete="current-password" error={errors.password?.message} {...form.register('password')} />
      {error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
      <button type="submit" className={primaryButton} disabled={isSubmitting}>
        {isSubmitting ? 'Signing in…' : 'Sign In'}
      </button>
      <button type="button" className={linkButton} onClick={onForgot}>
        Forgot your password?
      </button>
    </form>
  );
}
