import { useState } from 'react';
import { z } from 'zod';
import { createLedgerEntrySchema, type CreateLedgerEntryInput, type LedgerEntry } from '@ridgeline/shared/contracts/ledger';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Form, FormField, showErrorOnForm, useZodForm } from '../../components/ui/form';
import { notify } from '../../lib/toast';
import { useAddLedgerEntry } from './api/add-ledger-entry';
import { entryTitle } from './ledger-words';
import { FormFooter } from '../../components/form-footer';

// An entry is never edited: a mistake is reversed (with the reason), and the right entry added.

const reversalSchema = z
  .object({ reversesId: z.uuid(), note: z.string() })
  .transform((values): CreateLedgerEntryInput => ({ kind: 'reversal', ...values }))
  .pipe(createLedgerEntrySchema);

export function ReverseEntryButton({ projectId, entry }: { projectId: string; entry: LedgerEntry }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="secondary" onClick={() => setOpen(true)} aria-label={`Reverse: ${entryTitle(entry)}`}>
        Reverse
      </Button>
      <DialogContent closeLabel="Close">
        <DialogHeader>
          <DialogTitle>Reverse this entry</DialogTitle>
          <DialogDescription>
            {entryTitle(entry)}. It stays on the ledger, marked reversed, and stops counting. Add the right entry afterwards.
          </DialogDescription>
        </DialogHeader>
        {open && <ReverseForm projectId={projectId} entry={entry} onDone={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function ReverseForm({ projectId, entry, onDone }: { projectId: string; entry: LedgerEntry; onDone: () => void }) {
  const add = useAddLedgerEntry(projectId);
  const form = useZodForm(reversalSchema, { defaultValues: { reversesId: entry.id, note: '' } });
  return (
    <Form
      form={form}
      aria-label="Reverse the entry"
      onSubmit={(input) =>
        add.mutate(input, {
          onSuccess: () => {
            notify.success('Entry reversed');
            onDone();
          },
          onError: showErrorOnForm(form),
        })
      }
    >
      <FormField name="note" label="Why" control="textarea" rows={2} placeholder="Typed the wrong amount" />
      <FormFooter isSubmitting={add.isPending} busyText="Reversing…">
        Reverse entry
      </FormFooter>
    </Form>
  );
}
