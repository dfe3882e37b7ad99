import { useState, type FormEvent } from 'react';
import { passwordSchema } from '@ridgeline/shared/contracts/auth';
import { OFFLINE_MESSAGES } from '@ridgeline/shared/domain/auth-messages';
import { notify } from '../../../lib/toast';
import { updatePassword } from '../auth-api';
import { errorText } from '../../../lib/error-text';
import { Field } from '../components/field';

export function ChangePasswordCard() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!navigator.onLine) {
      notify.error('Update Password Error', OFFLINE_MESSAGES.updatePassword);
      return setError(OFFLINE_MESSAGES.updatePassword);
    }
    const parsed = passwordSchema.safeParse(next);
    if (!current) return setError('Enter your current password.');
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Choose another password');
    setError(null);
    setBusy(true);
    try {
      await updatePassword(current, next);
      notify.success('Password Updated!', 'Your password has been successfully updated.');
      setCurrent('');
      setNext('');
    } catch (e) {
      const message = errorText(e);
      setError(message);
      notify.error('Update Password Error', message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="password-heading" className="rounded-lg border border-slate-200 bg-white p-5">
      <h2 id="password-heading" className="text-lg font-semibold text-slate-900">Password</h2>
      <form onSubmit={(e) => void submit(e)} className="mt-3 flex max-w-md flex-col gap-3" noValidate>
        <Field id="current-password" label="Current password" type="password" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} />
        <Field id="new-password" label="New password" type="password" autoComplete="new-password" value={next} onChange={(e) => setNext(e.target.value)} />
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        <div>
          <button type="submit" disabled={busy} className="rounded-md bg-blue-800 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-900 disabled:opacity-60">
            {busy ? 'Updating…' : 'Update password'}
          </button>
        </div>
      </form>
    </section>
  );
}
