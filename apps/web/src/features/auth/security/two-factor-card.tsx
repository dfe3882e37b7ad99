import QRCode from 'qrcode';
import { useState, type FormEvent } from 'react';
import { notify } from '../../../lib/toast';
import { errorText } from '../../../lib/error-text';
import { Field } from '../components/field';
import { useSession } from '../../../lib/session/session-provider';
import { RecoveryCodeList, NewRecoveryCodesForm } from './recovery-codes';
import { confirmTwoFactor, disableTwoFactor, enableTwoFactor } from './security-api';

type Enrolment = { qr: string; secret: string; backupCodes: string[] };
const button = 'rounded-md bg-blue-800 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-900 disabled:opacity-60';

/** TOTP two-factor: enrol with a QR code and secret, confirm with a code, keep recovery codes, disable with a code. */
export function TwoFactorCard() {
  const session = useSession();
  const enabled = Boolean(session.user?.twoFactorEnabled);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (work: () => Promise<void>) => {
    setError(null);
    setBusy(true);
    try {
      await work();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const start = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const result = await enableTwoFactor(password);
      const secret = new URL(result.totpURI).searchParams.get('secret') ?? '';
      setEnrolment({ qr: await QRCode.toDataURL(result.totpURI, { margin: 1, width: 200 }), secret, backupCodes: result.backupCodes });
      setPassword('');
    });
  };

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await confirmTwoFactor(code.trim());
      setCodes(enrolment?.backupCodes ?? null);
      setEnrolment(null);
      setCode('');
      await session.refresh();
      notify.success('Two-factor enabled', 'You will be asked for a code from your authenticator app when you sign in.');
    });
  };

  const disable = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await disableTwoFactor(password, code.trim());
      setPassword('');
      setCode('');
      setCodes(null);
      await session.refresh();
      notify.success('Two-factor disabled', 'Sign-in now needs only your password.');
    });
  };

  return (
    <section aria-labelledby="two-factor-heading" className="rounded-lg border border-slate-200 bg-white p-5">
      <h2 id="two-factor-heading" className="text-lg font-semibold text-slate-900">Two-factor authentication</h2>
      <p className="mt-1 text-sm text-slate-700">
        Status: <strong>{enabled ? 'On' : 'Off'}</strong>. With two-factor on, signing in also needs a code from an authenticator app
        (Google Authenticator, 1Password, Authy…).
      </p>
      {error && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {error}
        </p>
      )}

      {!enabled && !enrolment && (
        <form onSubmit={start} className="mt-3 flex max-w-md flex-col gap-3" noValidate>
          <Field id="two-factor-password" label="Confirm your password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          <div>
            <button type="submit" className={button} disabled={busy || !password}>
              Set up two-factor
            </button>
          </div>
        </form>
      )}

      {enrolment && (
        <form onSubmit={confirm} className="mt-3 flex flex-col gap-3" noValidate>
          <p className="text-sm text-slate-800">Scan this QR code with your authenticator app, or enter the secret by hand.</p>
          <img src={enrolment.qr} alt="QR code for your authenticator app" width={200} height={200} />
          <p className="text-sm">
            Secret: <code data-testid="totp-secret" className="rounded bg-slate-100 px-2 py-1 font-mono text-slate-900">{enrolment.secret}</code>
          </p>
          <div className="max-w-xs">
            <Field id="two-factor-confirm-code" label="Code from the app" inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />
          </div>
          <div>
            <button type="submit" className={button} disabled={busy || code.trim().length !== 6}>
              Turn on two-factor
            </button>
          </div>
        </form>
      )}

      {codes && <RecoveryCodeList codes={codes} />}

      {enabled && (
        <form onSubmit={disable} className="mt-3 flex max-w-md flex-col gap-3" noValidate>
          <p className="text-sm text-slate-700">To turn two-factor off, confirm your password and a current code.</p>
          <Field id="disable-password" label="Password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          <Field id="disable-code" label="Code from the app" inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />
          <div>
            <button type="submit" className="rounded-md border border-red-300 px-4 py-2 text-sm font-semibold text-red-800 hover:bg-red-50 disabled:opacity-60" disabled={busy || !password || code.trim().length !== 6}>
              Turn off two-factor
            </button>
          </div>
        </form>
      )}
      {enabled && <NewRecoveryCodesForm onCodes={setCodes} />}
    </section>
  );
}
