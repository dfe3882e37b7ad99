import { z } from 'zod';
import { impersonationRequestSchema } from '@ridgeline/shared/contracts/admin';
import { adjustCreditsSchema, extendTrialSchema, type AdminBillingCompany } from '@ridgeline/shared/contracts/billing';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Form, FormField, showErrorOnForm, useZodForm } from '../../../components/ui/form';
import { notify } from '../../../lib/toast';
import { useAdjustCredits } from '../api/adjust-credits';
import { useExtendTrial } from '../api/extend-trial';
import { dateText } from '../billing-words';
import { FormFooter } from '../../../components/form-footer';

// The platform admin's changes to one company, each a dialog on the one form path: credits granted
// or removed with a reason (a ledger row), a trial extended with a reason (an audit row), and the
// company opened as its owner (an impersonation, with the reason its audit log keeps).

/** Opens the product as the company's owner (the admin feature's impersonation), true once it started. */
export type OpenAsOwner = (owner: { id: string; name: string; email: string }, reason: string) => Promise<boolean>;

export type CompanyAction = { kind: 'grant' | 'remove' | 'extend' | 'open'; company: AdminBillingCompany };

const MAX_CREDITS = 100_000;

// The amount typed (always positive: the dialog's direction gives the sign) and the contract's reason.
const creditsFormSchema = z.object({
  amount: z.coerce
    .number<string>('Enter a number of credits')
    .int('Enter a whole number of credits')
    .min(1, 'Enter at least 1 credit')
    .max(MAX_CREDITS, `Enter at most ${MAX_CREDITS.toLocaleString('en-US')} credits`),
  reason: adjustCreditsSchema.shape.reason,
});

const [minDays, maxDays] = [extendTrialSchema.shape.days.minValue ?? 1, extendTrialSchema.shape.days.maxValue ?? 90];
const extendFormSchema = z.object({
  days: z.coerce
    .number<string>('Enter a number of days')
    .int('Enter a whole number of days')
    .min(minDays, `Enter between ${minDays} and ${maxDays} days`)
    .max(maxDays, `Enter between ${minDays} and ${maxDays} days`),
  reason: extendTrialSchema.shape.reason,
});

// The reason rule of the impersonation's start request.
const openFormSchema = z.object({ reason: impersonationRequestSchema.options[1].shape.reason });

const credits = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'credit' : 'credits'}`;

function CreditsForm({ company, direction, onDone }: { company: AdminBillingCompany; direction: 1 | -1; onDone: () => void }) {
  const adjust = useAdjustCredits();
  const form = useZodForm(creditsFormSchema, { defaultValues: { amount: '', reason: '' } });
  const submit = (values: z.output<typeof creditsFormSchema>) =>
    adjust.mutate(
      { companyId: company.id, input: { credits: direction * values.amount, reason: values.reason } },
      {
        onSuccess: (saved) => {
          notify.success(direction > 0 ? 'Credits granted' : 'Credits removed', `${saved.name} now has ${credits(saved.creditBalance)}.`);
          onDone();
        },
        onError: showErrorOnForm(form),
      },
    );
  return (
    <Form form={form} onSubmit={submit}>
      <FormField
        name="amount"
        label={direction > 0 ? 'Credits to grant' : 'Credits to remove'}
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_CREDITS}
        step={1}
      />
      <FormField name="reason" label="Reason (kept on the company's ledger)" control="textarea" rows={3} maxLength={500} />
      <FormFooter isSubmitting={adjust.isPending}>{direction > 0 ? 'Grant credits' : 'Remove credits'}</FormFooter>
    </Form>
  );
}

function ExtendTrialForm({ company, onDone }: { company: AdminBillingCompany; onDone: () => void }) {
  const extend = useExtendTrial();
  const form = useZodForm(extendFormSchema, { defaultValues: { days: '7', reason: '' } });
  const submit = (values: z.output<typeof extendFormSchema>) =>
    extend.mutate(
      { companyId: company.id, input: values },
      {
        onSuccess: (saved) => {
          notify.success('Trial extended', `${saved.name}'s trial now ends ${saved.trialEndsAt ? dateText(saved.trialEndsAt) : 'later'}.`);
          onDone();
        },
        onError: showErrorOnForm(form),
      },
    );
  return (
    <Form form={form} onSubmit={submit}>
      <FormField
        name="days"
        label="Days to add"
        type="number"
        inputMode="numeric"
        min={minDays}
        max={maxDays}
        step={1}
        hint="Added to the trial's end, or to today if it has ended."
      />
      <FormField name="reason" label="Reason (kept in the billing audit)" control="textarea" rows={3} maxLength={500} />
      <FormFooter isSubmitting={extend.isPending}>Extend trial</FormFooter>
    </Form>
  );
}

function OpenAsOwnerForm({ owner, openAsOwner, onDone }: { owner: NonNullable<AdminBillingCompany['owner']>; openAsOwner: OpenAsOwner; onDone: () => void }) {
  const form = useZodForm(openFormSchema, { defaultValues: { reason: '' } });
  const submit = async (values: z.output<typeof openFormSchema>) => {
    if (await openAsOwner({ id: owner.userId, name: owner.name, email: owner.email }, values.reason)) onDone();
  };
  return (
    <Form form={form} onSubmit={submit}>
      <FormField
        name="reason"
        label="Reason (required)"
        control="textarea"
        rows={3}
        maxLength={500}
        placeholder="Why you need to see the product as this owner, e.g. the support ticket"
      />
      <FormFooter isSubmitting={form.formState.isSubmitting} busyText="Opening…">
        Open as owner
      </FormFooter>
    </Form>
  );
}

const TITLES: Record<CompanyAction['kind'], string> = { grant: 'Grant credits', remove: 'Remove credits', extend: 'Extend trial', open: 'Open as owner' };

function description(action: CompanyAction): string {
  const { company } = action;
  if (action.kind === 'grant') return `${company.name} has ${credits(company.creditBalance)}. The grant is a row on its ledger with your name and the reason.`;
  if (action.kind === 'remove')
    return `${company.name} has ${credits(company.creditBalance)}; you cannot remove more. The removal is a row on its ledger with your name and the reason.`;
  if (action.kind === 'extend')
    return `${company.name}'s trial ${company.readOnly ? 'has ended; extending it lifts read-only at once' : `ends ${company.trialEndsAt ? dateText(company.trialEndsAt) : 'later'}`}.`;
  return `You see Ridgeline as ${company.owner?.name ?? 'the owner'} (${company.owner?.email ?? ''}) for up to one hour. Every start and end is logged.`;
}

/** The dialog of the action chosen on a company (none open when `action` is null). */
export function CompanyActionDialog({ action, onClose, openAsOwner }: { action: CompanyAction | null; onClose: () => void; openAsOwner: OpenAsOwner }) {
  return (
    <Dialog open={action !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel="Close">
        {action && (
          <>
            <DialogHeader>
              <DialogTitle>
                {TITLES[action.kind]}: {action.company.name}
              </DialogTitle>
              <DialogDescription>{description(action)}</DialogDescription>
            </DialogHeader>
            {action.kind === 'grant' && <CreditsForm company={action.company} direction={1} onDone={onClose} />}
            {action.kind === 'remove' && <CreditsForm company={action.company} direction={-1} onDone={onClose} />}
            {action.kind === 'extend' && <ExtendTrialForm company={action.company} onDone={onClose} />}
            {action.kind === 'open' && action.company.owner && <OpenAsOwnerForm owner={action.company.owner} openAsOwner={openAsOwner} onDone={onClose} />}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
