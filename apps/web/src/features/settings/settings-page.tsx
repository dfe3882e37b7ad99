import { Building2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { updateCompanySchema, type Company, type UpdateCompanyInput } from '@ridgeline/shared/contracts/team';
import { PLANS } from '@ridgeline/shared/domain/plans';
import { canManageCompany } from '@ridgeline/shared/domain/roles';
import { Alert } from '../../components/ui/alert';
import { Card, CardDescription, CardDiv, CardTitle } from '../../components/ui/card';
import { Form, FormField, useZodForm } from '../../components/ui/form';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useDocumentTitle } from '../../components/use-document-title';
import { useSearchChoice } from '../../lib/use-search-choice';
import { useCompany } from '../../lib/api/company';
import { useUpdateCompany } from '../../lib/api/update-company';
import { useMe } from '../../lib/api/me';
import { errorText } from '../../lib/error-text';
import { useUploadLogo } from './api/company-api';
import { PageHeader } from '../../components/page-header';
import { saveWithToasts } from '../../lib/save-with-toasts';
import { ImageUploadCard } from '../../components/image-upload-card';
import { SubmitButton } from '../../components/submit-button';
import { browserTimeZone, formatDate, timeZoneChoices } from '../../lib/dates';

function CompanyForm({ company, canEdit }: { company: Company; canEdit: boolean }) {
  const update = useUpdateCompany();
  // A company with no time zone yet starts from this browser's: the first save keeps it.
  const timeZone = company.timeZone ?? browserTimeZone() ?? 'UTC';
  const zones = timeZoneChoices(timeZone);
  const form = useZodForm(updateCompanySchema, { defaultValues: { name: company.name, phone: company.phone ?? '', address: company.address ?? '', timeZone } });

  const submit = saveWithToasts<UpdateCompanyInput>(update, ['Company updated', 'Your company profile has been saved.'], 'Company update failed');

  return (
    <CardDiv>
      <Form form={form} onSubmit={submit}>
        <FormField name="name" id="company-name" label="Company name" disabled={!canEdit} />
        <FormField name="phone" id="company-phone" label="Phone" type="tel" disabled={!canEdit} />
        <FormField
          name="address"
          id="company-address"
          label="Address"
          control="textarea"
          rows={2}
          disabled={!canEdit}
          hint="Printed with your name and phone on the letterhead of claim packets and proposals."
        />
        <FormField
          name="timeZone"
          id="company-time-zone"
          label="Time zone"
          control="select"
          disabled={!canEdit}
          hint={
            company.timeZone
              ? 'Times on reports and documents print in this zone, named.'
              : 'Taken from this browser: saved with the company. Times on reports and documents print in this zone, named.'
          }
        >
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replace(/_/g, ' ')}
            </option>
          ))}
        </FormField>
        {canEdit && (
          <div>
            <SubmitButton isSubmitting={update.isPending} busyText="Saving…">
              Save company
            </SubmitButton>
          </div>
        )}
      </Form>
    </CardDiv>
  );
}

/** The company's plan and, during the free trial, when it ends. */
function PlanCard({ company }: { company: Company }) {
  const plan = PLANS.find((p) => p.id === company.plan);
  return (
    <Card aria-labelledby="plan-heading">
      <CardTitle id="plan-heading">Plan</CardTitle>
      <CardDescription>
        {plan ? `${plan.name}: up to ${plan.activeFiles} active files, unlimited users.` : company.plan}
        {company.trialEndsAt && ` Free trial until ${formatDate(company.trialEndsAt)}.`}
      </CardDescription>
    </Card>
  );
}

/** A section other features add to /settings (composed in app/): its name in the address, its label, its cards. */
export type SettingsSection = { value: string; label: string; render: () => ReactNode };

const COMPANY_SECTION = 'company';

/**
 * /settings in sections, one at a time, each saving on its own: the company's profile, plan and logo
 * (owners and managers may change them), then the sections other features add. The open section is
 * in the address (?section=pipeline), so a link or a reload opens it; an unknown name opens the company.
 */
export default function SettingsPage({ sections = [] }: { sections?: readonly SettingsSection[] }) {
  useDocumentTitle('Settings');
  const [open, openSection] = useSearchChoice(
    'section',
    sections.map((section) => section.value),
    COMPANY_SECTION,
  );
  const company = useCompany();
  const me = useMe();
  const upload = useUploadLogo();
  const canEdit = me.data?.company ? canManageCompany(me.data.company.role) : false;

  const companySection = (
    <div className="flex flex-col gap-6">
      {company.isPending && <p role="status">Loading your company…</p>}
      {company.isError && <Alert>{errorText(company.error)}</Alert>}
      {company.data && (
        <>
          <PlanCard company={company.data} />
          <ImageUploadCard
            label="Company logo"
            headingId="logo-heading"
            fieldId="logo"
            src={company.data.logoUrl}
            alt={`${company.data.name} logo`}
            imageClassName="h-16 w-16 rounded object-contain"
            icon={Building2}
            placeholderClassName="flex size-16 items-center justify-center rounded bg-slate-100"
            upload={upload}
            success={['Logo updated', 'Your logo will appear on reports and documents.']}
            disabled={!canEdit}
          />
          <CompanyForm key={company.data.id} company={company.data} canEdit={canEdit} />
        </>
      )}
    </div>
  );

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <PageHeader title="Settings">Your company profile, shown on photo reports and claim documents, and how your claim files and estimates work.</PageHeader>
      {me.data && !canEdit && (
        <Alert tone="warning" role="note" className="border border-amber-300">
          Only company owners and managers can change these settings.
        </Alert>
      )}
      {sections.length > 0 ? (
        <Tabs value={open} onValueChange={openSection}>
          {/* Each section as wide as its name; on a phone the row scrolls sideways rather than squeezing names together. */}
          <TabsList aria-label="Settings sections" className="max-w-full auto-cols-max overflow-x-auto">
            <TabsTrigger value={COMPANY_SECTION} className="whitespace-nowrap">
              Company
            </TabsTrigger>
            {sections.map((section) => (
              <TabsTrigger key={section.value} value={section.value} className="whitespace-nowrap">
                {section.label}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value={COMPANY_SECTION} className="mt-4">
            {companySection}
          </TabsContent>
          {sections.map((section) => (
            <TabsContent key={section.value} value={section.value} className="mt-4 flex flex-col gap-6">
              {section.render()}
            </TabsContent>
          ))}
        </Tabs>
      ) : (
        companySection
      )}
    </div>
  );
}
