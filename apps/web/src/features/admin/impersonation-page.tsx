import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { impersonationRequestSchema, type AdminUser } from '@ridgeline/shared/contracts/admin';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardTitle } from '../../components/ui/card';
import { Form, FormField, useZodForm } from '../../components/ui/form';
import { CardTable } from '../../components/card-table';
import { TableCell, TableRow } from '../../components/ui/table';
import { useImpersonationAudit } from './admin-api';
import { adminPage, formatDateTime } from './admin-only';
import { useImpersonation } from './use-impersonation';
import { useStartImpersonation } from './use-start-impersonation';
import { UserSearch } from './user-search';
import { TitledSection } from '../../components/titled-section';

const impersonationStartSchema = impersonationRequestSchema.options[1];

// The reason rule of the contract's start request.
const reasonSchema = z.object({ reason: impersonationStartSchema.shape.reason });

function ImpersonationPageContents() {
  const { impersonating } = useImpersonation();
  const start = useStartImpersonation();
  const audit = useImpersonationAudit();
  const [target, setTarget] = useState<AdminUser | null>(null);
  const form = useZodForm(reasonSchema, { defaultValues: { reason: '' } });
  const reason = useWatch({ control: form.control, name: 'reason' });
  const reasonMissing = reason.trim().length === 0;

  const submit = async (input: { reason: string }) => {
    if (!target) return;
    await start({ id: target.id, email: target.email, name: target.name }, input.reason);
  };

  return (
    <>
      <div className="mx-auto flex max-w-4xl flex-col gap-6">
        <h1 className="text-2xl font-bold text-slate-900">Admin Impersonation</h1>
        {impersonating ? (
          <p className="text-slate-800">You are viewing the product as another user. Exit the impersonation from the banner first.</p>
        ) : (
          <Card aria-labelledby="start-heading" className="flex flex-col gap-4 p-5">
            <CardTitle id="start-heading">Start an impersonation</CardTitle>
            <p className="text-sm text-slate-700">
              You see Ridgeline as the user for up to one hour. You cannot change their password or two-factor settings. Every start and end is logged.
            </p>
            <UserSearch
              label="Find the user"
              action={(user) => (
                <Button
                  size="sm"
                  variant={target?.id === user.id ? 'primary' : 'secondary'}
                  disabled={user.role === 'admin' || !user.isEnabled}
                  aria-pressed={target?.id === user.id}
                  onClick={() => setTarget(user)}
                >
                  {target?.id === user.id ? 'Selected' : 'Select'}
                  <span className="sr-only"> {user.email}</span>
                </Button>
              )}
            />
            <Form form={form} onSubmit={submit} className="gap-3">
              <p className="text-sm text-slate-800">
                Selected user: <strong>{target ? target.email : 'none'}</strong>
              </p>
              <FormField
                name="reason"
                id="impersonation-reason"
                label="Reason (required)"
                control="textarea"
                required
                maxLength={500}
                rows={3}
                placeholder="Why you need to see the product as this user, e.g. the support ticket"
              />
              <Button type="submit" className="self-start" disabled={!target || reasonMissing || form.formState.isSubmitting}>
                Start Impersonation
              </Button>
            </Form>
          </Card>
        )}
        <TitledSection id="audit-heading" title="Audit log">
          {audit.isError && <Alert>The audit log could not be loaded.</Alert>}
          <CardTable
            headers={['Admin', 'User', 'Reason', 'Started', 'Ended', 'IP']}
            cellPadding="px-3"
            headerClassName="bg-slate-50 text-slate-800"
            empty={audit.data?.entries.length === 0 && 'No impersonations yet.'}
          >
            {audit.data?.entries.map((entry) => (
              <TableRow key={entry.id}>
                <TableCell className="px-3">{entry.admin.email}</TableCell>
                <TableCell className="px-3">{entry.target.email}</TableCell>
                <TableCell className="px-3">{entry.reason}</TableCell>
                <TableCell className="px-3">{formatDateTime(entry.startedAt)}</TableCell>
                <TableCell className="px-3">
                  {entry.status === 'active' ? 'Active' : `${formatDateTime(entry.endedAt)}${entry.status === 'expired' ? ' (expired)' : ''}`}
                </TableCell>
                <TableCell className="px-3">{entry.ip ?? '—'}</TableCell>
              </TableRow>
            ))}
          </CardTable>
        </TitledSection>
      </div>
    </>
  );
}

/** /admin/impersonation: view the product as a user, with a required reason and an audit log. */
export default adminPage('Admin Impersonation', ImpersonationPageContents);
