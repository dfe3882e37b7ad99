import { z } from 'zod';
import { signUpFormSchema } from '@ridgeline/shared/contracts/auth';
import { EMAIL_ALREADY_REGISTERED_MESSAGE, OFFLINE_MESSAGES } from '@ridgeline/shared/domain/auth-messages';
import type { PlanId } from '@ridgeline/shared/domain/plans';
import { Button } from '../../../components/ui/button';
import { Form, FormError, FormField, useZodForm } from '../../../components/ui/form';
import { errorText } from '../../../lib/error-text';
import { notify } from '../../../lib/toast';
import { signUp, userExistsByEmail } from '../auth-api';
import { isAlreadyRegistered } from '../auth-errors';

// With an invitation the company comes from the invitation, so its name is not asked.
const invitedSchema = signUpFormSchema.extend({ companyName: z.string().max(120).optional() });

type Props = {
  invitationId: string | null;
  /** The mailed invitation link's key: with it the address needs no confirmation, and `onJoined` follows. */
  invitationKey: string | null;
  invitedEmail: string | null;
  /** The plan chosen on the landing page, kept as the new company's chosen plan. */
  plan: PlanId | null;
  /** Signed up; the address waits for its confirmation mail. */
  onDone: (email: string) => void;
  /** Signed up through the mailed invitation: the address is proven, the new member can sign in at once. */
  onJoined: (email: string, password: string) => void;
};

export function SignUpForm({ invitationId, invitationKey, invitedEmail, plan, onDone, onJoined }: Props) {
  const form = useZodForm(invitationId ? invitedSchema : signUpFormSchema, { defaultValues: { email: invitedEmail ?? '' } });
  const fail = (message: string) => form.setError('root', { message });

  const submit = async (input: z.output<typeof invitedSchema>) => {
    if (!navigator.onLine) {
      notify.error('Sign Up Error', OFFLINE_MESSAGES.signUp);
      fail(OFFLINE_MESSAGES.signUp);
      return;
    }
    try {
      // The address is checked before the account is created, so a taken address is told plainly.
      if (await userExistsByEmail(input.email)) {
        fail(EMAIL_ALREADY_REGISTERED_MESSAGE);
        notify.error('Sign Up Error', EMAIL_ALREADY_REGISTERED_MESSAGE);
        return;
      }
      await signUp({
        ...input,
        companyName: input.companyName || `${input.firstName}'s company`,
        invitationId: invitationId ?? undefined,
        invitationKey: invitationId && invitationKey ? invitationKey : undefined,
        plan: plan ?? undefined,
      });
      if (invitationId && invitationKey) {
        onJoined(input.email, input.password);
        return;
      }
      notify.success('Success!', 'Please check your email to confirm your account.');
      onDone(input.email);
    } catch (e) {
      const message = isAlreadyRegistered(e) ? EMAIL_ALREADY_REGISTERED_MESSAGE : errorText(e);
      fail(message);
      notify.error('Sign Up Error', message);
    }
  };

  return (
    <Form form={form} onSubmit={submit} aria-label="Sign up">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField name="firstName" id="signup-first-name" label="First name" autoComplete="given-name" />
        <FormField name="lastName" id="signup-last-name" label="Last name" autoComplete="family-name" />
      </div>
      {!invitationId && <FormField name="companyName" id="signup-company" label="Company name" autoComplete="organization" />}
      <FormField name="phone" id="signup-phone" label="Phone" type="tel" autoComplete="tel" />
      <FormField name="email" id="signup-email" label="Email" type="email" autoComplete="email" />
      <FormField
        name="password"
        id="signup-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters. Common passwords are not accepted."
      />
      <FormError />
      <Button type="submit" className="w-full" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? 'Creating your account…' : invitationId ? 'Create account and join' : 'Start 14-Day Free Trial'}
      </Button>
      <p className="text-xs text-slate-600">14-day free trial, no credit card required. Unlimited users.</p>
    </Form>
  );
}
