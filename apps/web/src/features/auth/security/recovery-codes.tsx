import { useState, type FormEvent } from 'react';
import { notify } from '../../../lib/toast';
import { errorText } from '../../../lib/error-text';
import { Field } from '../components/field';
import { regenerateBackupCodes } from './security-api';

/** The recovery codes just issued: each signs in once when the authenticator is lost. */
export function RecoveryCodeList({ codes }: { codes: string[] }) {
  return (
    <div className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-4">
      <h3 className="font-semibold text-amber-950">Recovery codes</h3>
      <p className="text-sm text-amber-950">Keep these somewhere safe. Each one signs you in once if you lose your phone.</p>
      <ul aria-label="Recovery codes" className="mt-2 grid grid-cols-2 gap-1 font-mono text-sm text-slate-900">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </div>
  );
}

/** With two-factor on: new recovery codes (the old ones stop working), after confirming the password. */
export function NewRecoveryCodesForm({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const { backupCodes } = await regenerateBackupCodes(password);
      setPassword('');
      onCodes(backupCodes);
      notify.success('New recovery codes', 'Your previous recovery codes no longer work.');
    } catch (e) {
      notify.error('Recovery codes failed', errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="mt-4 flex max-w-md flex-col gap-3 border-t border-slate-200 pt-4" noValidate>
      <p className="text-sm text-slate-700">Lost your recovery codes? Get a new set; the old ones stop working.</p>
      <Field id="recovery-password" label="Password for new codes" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
      <div>
        <button type="submit" disabled={busy || !password} className="rounded-md border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60">
          Show new recovery codes
        </button>
      </div>
    </form>
  );
}
