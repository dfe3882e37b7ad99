import { z } from 'zod';
import { useState } from 'react';
import { useCompanyDetailsGate } from '../../components/company-details-prompt';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Form, FormError, FormField, showErrorOnForm, useZodForm } from '../../components/ui/form';
import { Skeleton } from '../../components/ui/skeleton';
import { errorText } from '../../lib/error-text';
import { formatCents } from '../../lib/money';
import { useCreateProposal } from './api/create-proposal';
import { useProjectEstimates } from './api/project-estimates';

// A new proposal starts from one of the claim file's estimates: the server builds good / better /
// best from its replacement cost, and the contractor edits them next. The company's letterhead
// details are asked for first when any is missing.

const chooseEstimateSchema = z.object({ estimateId: z.uuid('Choose an estimate') });

export function NewProposalDialog({ projectId, onCreated }: { projectId: string; onCreated: (proposalId: string) => void }) {
  const [open, setOpen] = useState(false);
  const estimates = useProjectEstimates(projectId, open);
  const create = useCreateProposal();
  const form = useZodForm(chooseEstimateSchema, { defaultValues: { estimateId: '' } });
  // The proposal prints the letterhead: its details are asked for first when missing.
  const letterhead = useCompanyDetailsGate('a proposal');

  const submit = ({ estimateId }: z.output<typeof chooseEstimateSchema>) =>
    create.mutate(
      { projectId, estimateId },
      {
        onSuccess: (proposal) => {
          setOpen(false);
          form.reset({ estimateId: '' });
          onCreated(proposal.id);
        },
        onError: showErrorOnForm(form),
      },
    );

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button type="button" onClick={() => letterhead.run(() => setOpen(true))}>
        New proposal
      </Button>
      {letterhead.dialog}
      <DialogContent closeLabel="Close">
        <DialogHeader>
          <DialogTitle>New proposal</DialogTitle>
          <DialogDescription>Good, better and best options are built from the estimate you choose. You edit them next.</DialogDescription>
        </DialogHeader>
        {estimates.isPending ? (
          <Skeleton className="h-16" aria-label="Loading the estimates" />
        ) : estimates.isError ? (
          <Alert>The estimates could not be read: {errorText(estimates.error)}</Alert>
        ) : estimates.data.length === 0 ? (
          <Alert tone="info">This claim file has no estimate yet. Convert an inspection with an estimate to it first.</Alert>
        ) : (
          <Form form={form} onSubmit={submit}>
            <FormField name="estimateId" label="Estimate" control="select">
              <option value="">Choose an estimate</option>
              {estimates.data.map((estimate) => (
                <option key={estimate.id} value={estimate.id}>
                  {`Version ${estimate.version}${estimate.isLatest ? ' (latest)' : ''}: ${formatCents(estimate.totals.rcvCents)} RCV`}
                </option>
              ))}
            </FormField>
            <FormError />
            <DialogFooter>
              <Button type="submit" disabled={create.isPending}>
                {create.isPending ? 'Creating…' : 'Create proposal'}
              </Button>
            </DialogFooter>
          </Form>
        )}
      </DialogContent>
    </Dialog>
  );
}
