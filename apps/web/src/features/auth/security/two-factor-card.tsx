import QRCode from 'qrcode';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { disableTwoFactorSchema } from '@ridgeline/shared/contracts/auth';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card';
import { Form, FormError, FormField, submitShowingErrors, useZodForm } from '../../../components/ui/form';
import { useSession } from '../../../lib/session/session-provider';
import { notify } from '../../../lib/toast';
import { NewRecoveryCodesForm, passwordConfirmSchema, RecoveryCodeList } from './recovery-codes';
import { confirmTwoFactor, disableTwoFactor, enableTwoFactor } from './security-api';

type Enrolment = { qr: string; secret: string; backupCodes: string[] };
const confirmSchema = disableTwoFactorSchema.pick({ code: true });

/** Step 1 of enrolment: the password, answered with a QR code, its secret and the recovery codes to come. */
function EnrolForm({ onEnrolment }: { onEnrolment: (enrolment: Enrolment) => void }) {
  const form = useZodForm(passwordConfirmSchema, { defaultValues: { password: '' } });
  const password = useWatch({ control: form.control, name: 'password' });
  const submit = ({ password: confirmed }: { password: string }) =>
    submitShowingErrors(form, async () => {
      const result = await enableTwoFactor(confirmed);
      const secret = new URL(result.totpURI).searchParams.get('secret') ?? '';
      onEnrolment({ qr: await QRCode.toDataURL(result.totpURI, { margin: 1, width: 200 }), secret, backupCodes: result.backupCodes });
    });
  return (
    <Form form={form} onSubmit={submit} className="mt-3 max-w-md gap-3">
      <FormError />
      <FormField name="password" id="two-factor-password" label="Confirm your password" type="password" autoComplete="current-password" />
      <div>
        <Button type="submit" disabled={form.formState.isSubmitting || !password}>
          Set up two-factor
        </Button>
      </div>
    </Form>
  );
}

/** Step 2 of enrolment: a code from the app proves it holds the secret. */
function ConfirmForm({ enrolment, onConfirmed }: { enrolment: Enrolment; onConfirmed: () => Promise<void> }) {
  const form = useZodForm(confirmSchema, { defaultValues: { code: '' } });
  const code = useWatch({ control: form.control, name: 'code' });
  const submit = (input: { code: string }) =>
    submitShowingErrors(form, async () => {
      await confirmTwoFactor(input.code);
      await onConfirmed();
    });
  return (
    <Form form={form} onSubmit={submit} className="mt-3 gap-3">
      <FormError />
      <p className="text-sm text-slate-800">Scan this QR code with your authenticator app, or enter the secret by hand.</p>
      <img src={enrolment.qr} alt="QR code for your authenticator app" width={200} height={200} />
      <p className="text-sm">
        Secret:{' '}
        <code data-testid="totp-secret" className="rounded bg-slate-100 px-2 py-1 font-mono text-slate-900">
          {enrolment.secret}
        </code>
      </p>
      <FormField name="code" id="two-factor-confirm-code" label="Code from the app" inputMode="numeric" autoComplete="one-time-code" className="max-w-xs" />
      <div>
        <Button type="submit" disabled={form.formState.isSubmitting || code.trim().length !== 6}>
          Turn on two-factor
        </Button>
      </div>
    </Form>
  );
}

/** Turning two-factor off: the password and a current code. */
function DisableForm({ onDisabled }: { onDisabled: () => Promise<void> }) {
  const form = useZodForm(disableTwoFactorSchema, { defaultValues: { password: '', code: '' } });
  const [password, code] = useWatch({ control: form.control, name: ['password', 'code'] });
  const submit = (input: z.output<typeof disableTwoFactorSchema>) =>
    submitShowingErrors(form, async () => {
      await disableTwoFactor(input.password, input.code);
      form.reset();
      await onDisabled();
    });
  return (
    <Form form={form} onSubmit={submit} className="mt-3 max-w-md gap-3">
      <FormError />
      <p className="text-sm text-slate-700">To turn two-factor off, confirm your password and a current code.</p>
      <FormField name="password" id="disable-password" label="Password" type="password" autoComplete="current-password" />
      <FormField name="code" id="disable-code" label="Code from the app" inputMode="numeric" autoComplete="one-time-code" />
      <div>
        <Button type="submit" variant="destructive-outline" disabled={form.formState.isSubmitting || !password || code.trim().length !== 6}>
          Turn off two-factor
        </Button>
      </div>
    </Form>
  );
}

/** TOTP two-factor: enrol with a QR code and secret, confirm with a code, keep recovery codes, disable with a code. */
export function TwoFactorCard() {
  const session = useSession();
  const enabled = Boolean(session.user?.twoFactorEnabled);
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  const confirmed = async () => {
    setCodes(enrolment?.backupCodes ?? null);
    setEnrolment(null);
    await session.refresh();
    notify.success('Two-factor enabled', 'You will be asked for a code from your authenticator app when you sign in.');
  };

  const disabled = async () => {
    setCodes(null);
    await session.refresh();
    notify.success('Two-factor disabled', 'Sign-in now needs only your password.');
  };

  return (
    <Card aria-labelledby="two-factor-heading" className="p-5">
      <CardTitle id="two-factor-heading">Two-factor authentication</CardTitle>
      <CardDescription>
        Status: <strong>{enabled ? 'On' : 'Off'}</strong>. With two-factor on, signing in also needs a code from an authenticator app (Google Authenticator,
        1Password, Authy…).
      </CardDescription>
      {!enabled && !enrolment && <EnrolForm onEnrolment={setEnrolment} />}
      {enrolment && <ConfirmForm enrolment={enrolment} onConfirmed={confirmed} />}
      {codes && <RecoveryCodeList codes={codes} />}
      {enabled && <DisableForm onDisabled={disabled} />}
      {enabled && <NewRecoveryCodesForm onCodes={setCodes} />}
    </Card>
  );
}
