import { useState, type FormEvent } from 'react';
import { passwordSchema } from '@ridgeline/shared/contracts/auth';
import { OFFLINE_MESSAGES } from '@ridgeline/shared/domain/auth-messages';
import { notify } from '../../../lib/toast';
import { resetPassword } from '../auth-api';
import { errorText } from '../../../lib/error-text';
import { Field, primaryButton } from './field';

/** The page a reset link lands on: choose a new password, then sign in with it. */
export function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = passwordSchema.safeParse(password);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Choose another password');
    if (password !== confirm) return setError('The two passwords do not match.');
    if (!navigator.onLine) {
      notify.error('Update Password Error', OFFLINE_MESSAGES.updatePassword);
      return setError(OFFLINE_MESSAGES.updatePassword);
    }
    setError(null);
    setBusy(true);
    try {
      await resetPassword(token, password);
      notify.success('Password Updated!', 'Your password has been successfully updated.');
      onDone();
    } catch (e) {
      const message = errorText(e);
      setError(message);
      notify.error('Update Password Error', message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-4" noValidate aria-label="Choose a new password">
      <Field id="reset-password" label="New password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
      <Field id="reset-confirm" label="Confirm new password" type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
      {error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
      <button type="submit" className={primaryButton} disabled={busy}>
        {busy ? 'Saving…' : 'Set new password'}
      </button>
    </form>
  );
}
