import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { createLedgerEntrySchema, type ClaimLedger, type CreateLedgerEntryInput } from '@ridgeline/shared/contracts/ledger';
import {
  LEDGER_AMOUNT_MAX_CENTS,
  LEDGER_FIGURE_LABELS,
  LEDGER_FIGURES,
  LEDGER_PAYMENT_TYPE_LABELS,
  LEDGER_PAYMENT_TYPES,
  futureReceivedWarning,
} from '@ridgeline/shared/domain/ledger';
import { SubmitButton } from '../../components/submit-button';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Form, FormError, FormField, showErrorOnForm, useZodForm } from '../../components/ui/form';
import { localToday } from '../../lib/dates';
import { formatCents, parseDollars } from '../../lib/money';
import { notify } from '../../lib/toast';
import { useAddLedgerEntry } from './api/add-ledger-entry';
import { LabeledOptions } from '../../components/choice-options';

// One form adds every kind of entry but a reversal: the office picks what happened, then fills in
// what that kind needs. The typed dollars become integer cents; the result is the shared contract's.

const WHAT = {
  figure: 'The insurer approved a figure',
  supplement_requested: 'A supplement was requested',
  supplement_approved: 'A supplement was approved',
  supplement_denied: 'A supplement was denied',
  payment_expected: 'A payment is expected',
  payment_received: 'A payment was received',
} as const;
type What = keyof typeof WHAT;
const WHATS = Object.keys(WHAT) as What[];

const formSchema = z
  .object({
    what: z.enum(WHATS),
    figure: z.enum(LEDGER_FIGURES),
    paymentType: z.enum(LEDGER_PAYMENT_TYPES),
    amount: z.string(),
    label: z.string(),
    supplementId: z.string(),
    expectedId: z.string(),
    date: z.string(),
    reference: z.string(),
    note: z.string(),
  })
  .transform((values, context): CreateLedgerEntryInput => {
    const cents = parseDollars(values.amount);
    const needsAmount = values.what !== 'supplement_denied';
    // Amounts are dollars and cents; an approved figure may be $0.00 (O&P not approved), anything paid or asked is more.
    const zeroAllowed = values.what === 'figure' || values.what === 'supplement_approved';
    let amountCents = 0;
    if (needsAmount) {
      if (cents === null || cents === undefined)
        context.addIssue({ code: 'custom', path: ['amount'], message: 'Enter an amount in dollars, such as 1,250.00.' });
      else if (cents > LEDGER_AMOUNT_MAX_CENTS)
        context.addIssue({ code: 'custom', path: ['amount'], message: `An amount is at most ${formatCents(LEDGER_AMOUNT_MAX_CENTS)}.` });
      else if (cents === 0 && !zeroAllowed) context.addIssue({ code: 'custom', path: ['amount'], message: 'Enter an amount above $0.00.' });
      else amountCents = cents;
    }
    const note = values.note;
    switch (values.what) {
      case 'figure':
        return { kind: 'figure', figure: values.figure, amountCents, note };
      case 'supplement_requested':
        return { kind: 'supplement_requested', label: values.label, amountCents, note };
      case 'supplement_approved':
        return { kind: 'supplement_approved', supplementId: values.supplementId, amountCents, note };
      case 'supplement_denied':
        return { kind: 'supplement_denied', supplementId: values.supplementId, note };
      case 'payment_expected':
        return { kind: 'payment_expected', paymentType: values.paymentType, amountCents, date: values.date || null, note };
      case 'payment_received':
        return {
          kind: 'payment_received',
          paymentType: values.paymentType,
          amountCents,
          date: values.date,
          reference: values.reference,
          expectedId: values.expectedId || null,
          note,
        };
    }
  })
  .pipe(createLedgerEntrySchema);

type FormValues = z.input<typeof formSchema>;

const EMPTY: FormValues = {
  what: 'payment_received',
  figure: 'rcv',
  paymentType: 'acv_check',
  amount: '',
  label: '',
  supplementId: '',
  expectedId: '',
  date: '',
  reference: '',
  note: '',
};

/** The form that adds an entry; `ledger` offers the pending supplements and the payments still expected. */
export function LedgerEntryForm({ projectId, ledger }: { projectId: string; ledger: ClaimLedger }) {
  const add = useAddLedgerEntry(projectId);
  const form = useZodForm(formSchema, { defaultValues: EMPTY });
  const what = useWatch({ control: form.control, name: 'what' });
  const pending = ledger.summary.supplements.filter((supplement) => supplement.status === 'pending');
  const settled = new Set(ledger.entries.filter((entry) => entry.kind === 'payment_received' && !entry.reversedById).map((entry) => entry.relatedId));
  const expected = ledger.entries.filter((entry) => entry.kind === 'payment_expected' && !entry.reversedById && !settled.has(entry.id));
  // A payment received of a type still expected settles that expected payment unless the office picks otherwise.
  const paymentType = useWatch({ control: form.control, name: 'paymentType' });
  const matchingExpectedId = what === 'payment_received' ? (expected.find((entry) => entry.paymentType === paymentType)?.id ?? '') : '';
  useEffect(() => form.setValue('expectedId', matchingExpectedId), [form, matchingExpectedId]);
  // A check dated in the future is not received yet: said at once, with the way to record it as expected.
  const date = useWatch({ control: form.control, name: 'date' });
  const future = what === 'payment_received' && date ? futureReceivedWarning(date, localToday()) : null;

  return (
    <Form
      form={form}
      aria-label="Add a money entry"
      className="gap-3"
      onSubmit={(input) =>
        add.mutate(input, {
          onSuccess: () => {
            notify.success('Entry added');
            form.reset({ ...EMPTY, what: form.getValues('what') });
          },
          onError: showErrorOnForm(form),
        })
      }
    >
      <FormField name="what" label="What happened" control="select">
        <LabeledOptions values={WHATS} labels={WHAT} />
      </FormField>
      <div className="grid gap-3 sm:grid-cols-2">
        {what === 'figure' && (
          <FormField name="figure" label="Figure" control="select">
            <LabeledOptions values={LEDGER_FIGURES} labels={LEDGER_FIGURE_LABELS} />
          </FormField>
        )}
        {(what === 'payment_expected' || what === 'payment_received') && (
          <FormField name="paymentType" label="Payment" control="select">
            <LabeledOptions values={LEDGER_PAYMENT_TYPES} labels={LEDGER_PAYMENT_TYPE_LABELS} />
          </FormField>
        )}
        {what === 'supplement_requested' && <FormField name="label" label="Supplement" placeholder="Drip edge" />}
        {(what === 'supplement_approved' || what === 'supplement_denied') && (
          <FormField name="supplementId" label="Supplement" control="select">
            <option value="">Choose a supplement</option>
            {pending.map((supplement) => (
              <option key={supplement.id} value={supplement.id}>
                {supplement.label} ({formatCents(supplement.requestedCents)})
              </option>
            ))}
          </FormField>
        )}
        {what !== 'supplement_denied' && <FormField name="amount" label="Amount ($)" inputMode="decimal" placeholder="0.00" />}
        {(what === 'payment_expected' || what === 'payment_received') && (
          <FormField name="date" label={what === 'payment_received' ? 'Received on' : 'Expected by (optional)'} type="date" />
        )}
        {future && (
          <div className="flex flex-col gap-2 sm:col-span-2" data-testid="future-check-warning">
            <Alert tone="warning" role="alert">
              {future} A payment is received once it is in hand; until its date it is money expected.
            </Alert>
            <div>
              <Button type="button" variant="secondary" onClick={() => form.setValue('what', 'payment_expected')}>
                Record it as expected
              </Button>
            </div>
          </div>
        )}
        {what === 'payment_received' && <FormField name="reference" label="Check or reference number (optional)" />}
        {what === 'payment_received' && expected.length > 0 && (
          <FormField name="expectedId" label="Settles an expected payment (optional)" control="select">
            <option value="">None</option>
            {expected.map((entry) => (
              <option key={entry.id} value={entry.id}>
                {entry.paymentType ? LEDGER_PAYMENT_TYPE_LABELS[entry.paymentType] : ''} ({formatCents(entry.amountCents)})
              </option>
            ))}
          </FormField>
        )}
      </div>
      <FormField name="note" label="Note (optional)" control="textarea" rows={2} />
      <FormError />
      <div>
        <SubmitButton isSubmitting={add.isPending} busyText="Adding…" className="w-full sm:w-auto">
          Add entry
        </SubmitButton>
      </div>
    </Form>
  );
}
