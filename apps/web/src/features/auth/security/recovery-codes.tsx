import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { AlertBox } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Form, FormField, useZodForm } from '../../../components/ui/form';
import { errorText } from '../../../lib/error-text';
import { notify } from '../../../lib/toast';
import { regenerateBackupCodes } from './security-api';

export const passwordConfirmSchema = z.object({ password: z.string().min(1) });

/** The recovery codes just issued: each signs in once when the authenticator is lost. */
export function RecoveryCodeList({ codes }: { codes: string[] }) {
  return (
    <AlertBox tone="warning" className="mt-4 border border-amber-300 p-4">
      <h3 className="font-semibold">Recovery codes</h3>
      <p>Keep these somewhere safe. Each one signs you in once if you lose your phone.</p>
      <ul aria-label="Recovery codes" className="mt-2 grid grid-cols-2 gap-1 font-mono text-sm text-slate-900">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </AlertBox>
  );
}

/** With two-factor on: new recovery codes (the old ones stop working), after confirming the password. */
export function NewRecoveryCodesForm({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const form = useZodForm(passwordConfirmSchema, { defaultValues: { password: '' } });
  const password = useWatch({ control: form.control, name: 'password' });

  const submit = async ({ password: confirmed }: { password: string }) => {
    try {
      const { backupCodes } = await regenerateBackupCodes(confirmed);
      form.reset();
      onCodes(backupCodes);
      notify.success('New recovery codes', 'Your previous recovery codes no longer work.');
    } catch (e) {
      notify.error('Recovery codes failed', errorText(e));
    }
  };

  return (
    <Form form={form} onSubmit={submit} className="mt-4 max-w-md gap-3 border-t border-slate-200 pt-4">
      <p className="text-sm text-slate-700">Lost your recovery codes? Get a new set; the old ones stop working.</p>
      <FormField name="password" id="recovery-password" label="Password for new codes" type="password" autoComplete="current-password" />
      <div>
        <Button type="submit" variant="secondary" disabled={form.formState.isSubmitting || !password}>
          Show new recovery codes
        </Button>
      </div>
    </Form>
  );
}
