import { z } from 'zod';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Company } from '@ridgeline/shared/contracts/team';
import { contactPhoneSchema } from '@ridgeline/shared/contracts/fields';
import { shortText } from '@ridgeline/shared/contracts/common';
import { companyDetailsList, missingCompanyDetails, type CompanyDetail } from '@ridgeline/shared/domain/company-details';
import { canManageCompany } from '@ridgeline/shared/domain/roles';
import { useCompany } from '../lib/api/company';
import { useUpdateCompany } from '../lib/api/update-company';
import { useMe } from '../lib/api/me';
import { browserTimeZone } from '../lib/dates';
import { notify } from '../lib/toast';
import { SubmitButton } from './submit-button';
import { Alert } from './ui/alert';
import { buttonVariants } from './ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from './ui/dialog';
import { Form, FormError, FormField, showErrorOnForm, useZodForm } from './ui/form';
import { paths } from '../lib/paths';

// Claim packets and proposals print the company's letterhead: its name, address and phone (and its
// logo when there is one). A document never prints a stand-in for them, so before one is made the
// app asks for what is missing: an owner or manager fills it in here and goes on; anyone else is
// told who can and sent to Settings. The API refuses the same documents (422
// COMPANY_DETAILS_MISSING) when this is skipped.

const detailsSchema = z.object({
  name: shortText(120),
  address: z.string().trim().min(1, 'Enter the address printed on your letterhead').max(300),
  phone: contactPhoneSchema,
});

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What is about to be made: "a claim packet", "a proposal". */
  made: string;
  /** Called once the details are saved here. */
  onReady: () => void;
};

export function CompanyDetailsDialog({ open, onOpenChange, made, onReady }: Props) {
  const company = useCompany();
  const me = useMe();
  const canEdit = me.data?.company ? canManageCompany(me.data.company.role) : false;
  const missing = company.data ? missingCompanyDetails(company.data) : [];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel="Close">
        <DialogHeader>
          <DialogTitle>Add your company details</DialogTitle>
          <DialogDescription>
            {missing.length > 0
              ? `Your letterhead has no ${companyDetailsList(missing)} yet. ${capitalized(made)} prints your company's name, address and phone number at the top, so add them first.`
              : `${capitalized(made)} prints your company's name, address and phone number at the top.`}
          </DialogDescription>
        </DialogHeader>
        {company.data && canEdit ? (
          <DetailsForm key={company.data.id} company={company.data} missing={missing} onSaved={onReady} />
        ) : (
          <>
            <Alert tone="info">Only an owner or a manager of your company can add them. Ask yours to fill them in on the Settings page.</Alert>
            <DialogFooter>
              <SettingsLink>Open Settings</SettingsLink>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function SettingsLink({ children }: { children: ReactNode }) {
  return (
    <Link to={paths.settings} className={buttonVariants({ variant: 'secondary' })}>
      {children}
    </Link>
  );
}

function DetailsForm({ company, missing, onSaved }: { company: Company; missing: CompanyDetail[]; onSaved: () => void }) {
  const update = useUpdateCompany();
  const form = useZodForm(detailsSchema, {
    defaultValues: { name: missing.includes('name') ? '' : company.name, address: company.address ?? '', phone: company.phone ?? '' },
  });
  const submit = (values: z.output<typeof detailsSchema>) =>
    update.mutate(
      // A company saving its details for the first time also takes this browser's time zone.
      { ...values, ...(company.timeZone ? {} : { timeZone: browserTimeZone() ?? undefined }) },
      {
        onSuccess: () => {
          notify.success('Company details saved', 'They print on the letterhead of your packets and proposals.');
          onSaved();
        },
        onError: showErrorOnForm(form),
      },
    );
  return (
    <Form form={form} onSubmit={submit} aria-label="Company details">
      <FormField name="name" id="letterhead-name" label="Company name" autoComplete="organization" />
      <FormField name="address" id="letterhead-address" label="Address" control="textarea" rows={2} autoComplete="street-address" />
      <FormField name="phone" id="letterhead-phone" label="Phone" type="tel" autoComplete="tel" />
      <p className="text-sm text-slate-700">
        Your logo is optional: add it on the{' '}
        <Link to={paths.settings} className="font-semibold text-blue-800 underline underline-offset-2">
          Settings page
        </Link>{' '}
        to print it on the letterhead too.
      </p>
      <FormError />
      <DialogFooter>
        <SubmitButton isSubmitting={update.isPending} busyText="Saving…" className="w-full sm:w-auto">
          Save and continue
        </SubmitButton>
      </DialogFooter>
    </Form>
  );
}

/**
 * Runs an action that makes a document with the letterhead (opens the packet dialog, makes a
 * proposal's PDF) at once when the company's details are complete; otherwise asks for them first
 * and runs it once they are saved. `dialog` is rendered by the caller.
 */
export function useCompanyDetailsGate(made: string): { run: (action: () => void) => void; dialog: ReactNode } {
  const company = useCompany();
  const [pending, setPending] = useState<{ action: () => void } | null>(null);
  const run = (action: () => void) => {
    // Unknown (not read yet, or offline): the API's own check answers for it.
    if (!company.data || missingCompanyDetails(company.data).length === 0) action();
    else setPending({ action });
  };
  const dialog = (
    <CompanyDetailsDialog
      open={pending !== null}
      onOpenChange={(open) => {
        if (!open) setPending(null);
      }}
      made={made}
      onReady={() => {
        const next = pending;
        setPending(null);
        next?.action();
      }}
    />
  );
  return { run, dialog };
}
