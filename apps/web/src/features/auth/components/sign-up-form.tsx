import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { signUpFormSchema } from '@ridgeline/shared/contracts/auth';
import { EMAIL_ALREADY_REGISTERED_MESSAGE, OFFLINE_MESSAGES } from '@ridgeline/shared/domain/auth-messages';
import { notify } from '../../../lib/toast';
import { signUp, userExistsByEmail } from '../auth-api';
import { errorText } from '../../../lib/error-text';
import { isAlreadyRegistered } from '../auth-errors';
import { Field, primaryButton } from './field';

// With an invitation the company comes from the invitation, so its name is not asked.
const invitedSchema = signUpFormSchema.extend({ companyName: z.string().max(120).optional() });

type Props = { invitationId: string | null; invitedEmail: string | null; onDone: (email: string) => void };

export function SignUpForm({ invitationId, invitedEmail, onDone }: Props) {
  const schema = invitationId ? invitedSchema : signUpFormSchema;
  const form = useForm<z.input<typeof invitedSchema>, unknown, z.output<typeof invitedSchema>>({
    resolver: zodResolver(schema),
    defaultValues: { email: invitedEmail ?? '' },
  });
  const [error, setError] = useState<string | null>(null);
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (input) => {
    setError(null);
    if (!navigator.onLine) {
      notify.error('Sign Up Error', OFFLINE_MESSAGES.signUp);
      setError(OFFLINE_MESSAGES.signUp);
      return;
    }
    try {
      if (await userExistsByEmail(input.email)) {
        setError(EMAIL_ALREADY_REGISTERED_MESSAGE);
        notify.error('Sign Up Error', EMAIL_ALREADY_REGISTERED_MESSAGE);
        return;
      }
      await signUp({ ...input, companyName: input.companyName || `${input.firstName}'s company`, invitationId: invitationId ?? undefined });
      notify.success('Success!', 'Please check your email to confirm your account.');
      onDone(input.email);
    } catch (e) {
      const message = isAlreadyRegistered(e) ? EMAIL_ALREADY_REGISTERED_MESSAGE : errorText(e);
      setError(message);
      notify.error('Sign Up Error', message);
    }
  });

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate aria-label="Sign up">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="signup-first-name" label="First name" autoComplete="given-name" error={errors.firstName?.message} {...form.register('firstName')} />
        <Field id="signup-last-name" label="Last name" autoComplete="family-name" error={errors.lastName?.message} {...form.register('lastName')} />
      </div>
      {!invitationId && (
        <Field id="signup-company" label="Company name" autoComplete="organization" error={errors.companyName?.message} {...form.register('companyName')} />
      )}
      <Field id="signup-phone" label="Phone" type="tel" autoComplete="tel" error={errors.phone?.message} {...form.register('phone')} />
      <Field id="signup-email" label="Email" type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
      <Field
        id="signup-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        aria-describedby="signup-password-hint"
        {...form.register('password')}
      />
      <p id="signup-password-hint" className="-mt-2 text-xs text-slate-600">
        At least 8 characters. Common passwords are not accepted.
      </p>
      {error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
      <button type="submit" className={primaryButton} disabled={isSubmitting}>
        {isSubmitting ? 'Creating your account…' : invitationId ? 'Create account and join' : 'Start 14-Day Free Trial'}
      </button>
      <p className="text-xs text-slate-600">14-day free trial, no credit card required. Unlimited users.</p>
    </form>
  );
}
