import { useState, type FormEvent } from 'react';
import { OFFLINE_MESSAGES } from '@ridgeline/shared/domain/auth-messages';
import { notify } from '../../../lib/toast';
import { verifyBackupCode, verifyTotpFactor } from '../auth-api';
import { errorText } from '../../../lib/error-text';
import { Field, linkButton, primaryButton } from './field';

/** The second step of a sign-in with two-factor: a code from the authenticator app, or a recovery code. */
export function TwoFactorForm({ onVerified, onCancel }: { onVerified: () => Promise<void>; onCancel: () => void }) {
  const [code, setCode] = useState('');
  const [useRecovery, setUseRecovery] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = code.trim();
    if (!useRecovery && !/^\d{6}$/.test(value)) return setError('Enter the 6-digit code from your authenticator app.');
    if (useRecovery && value.length < 6) return setError('Enter one of your recovery codes.');
    if (!navigator.onLine) {
      notify.error('Sign In Error', OFFLINE_MESSAGES.signIn);
      return setError(OFFLINE_MESSAGES.signIn);
    }
    setError(null);
    setBusy(true);
    try {
      if (useRecovery) await verifyBackupCode(value);
      else await verifyTotpFactor(value);
      await onVerified();
    } catch (e) {
      const message = errorText(e);
      setError(message);
      notify.error('Sign In Error', message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-4" noValidate aria-label="Two-factor verification">
      <p className="text-sm text-slate-700">
        {useRecovery ? 'Enter one of the recovery codes you saved when you turned on two-factor.' : 'Open your authenticator app and enter the 6-digit code for Ridgeline.'}
      </p>
      <Field
        id="two-factor-code"
        label={useRecovery ? 'Recovery code' : 'Authentication code'}
        inputMode={useRecovery ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      {error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
      <button type="submit" className={primaryButton} disabled={busy}>
        {busy ? 'Verifying…' : 'Verify'}
      </button>
      <button type="button" className={linkButton} onClick={() => setUseRecovery(!useRecovery)}>
        {useRecovery ? 'Use a code from the authenticator app' : 'Use a recovery code instead'}
      </button>
      <button type="button" className={linkButton} onClick={onCancel}>
        Back to sign in
      </button>
    </form>
  );
}
