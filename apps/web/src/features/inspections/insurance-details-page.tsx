import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { TitledCard } from '../../components/titled-card';
import { Form, FormError, FormField, useZodForm } from '../../components/ui/form';
import { useDocumentTitle } from '../../components/use-document-title';
import { carriersQuery, keptCarriers } from '../../lib/api/directory';
import { useLocalInspection, type LocalInspection } from '../../offline/inspection-store';
import { SessionScreen } from './components/session-screen';
import { FIELD_FORM, StickySubmit } from '../../components/sticky-actions';
import { insuranceFormSchema, insuranceFromSession, type InsuranceFormOutput } from './insurance-form-schema';
import { useFieldUser } from './use-field-user';
import { useSaveSessionFields } from './use-save-session-fields';
import { NamedOptions } from '../../components/choice-options';

// /field-inspection/:sessionId/insurance-details: carrier (from the company's directory when it
// could be read, or typed), policy, claim number, adjuster, deductible in dollars, date of loss.

function InsuranceForm({ session }: { session: LocalInspection }) {
  const carriers = useQuery({ ...carriersQuery(), placeholderData: keptCarriers, retry: false });
  const form = useZodForm(insuranceFormSchema, { defaultValues: insuranceFromSession(session) });
  const carrierId = form.watch('carrierId');
  const options = carriers.data?.carriers ?? [];
  // The session's carrier stays choosable when the directory could not be read (no signal yet).
  const known =
    session.carrierId && !options.some((c) => c.id === session.carrierId) ? [{ id: session.carrierId, name: session.carrierName ?? 'Current carrier' }] : [];

  const save = useSaveSessionFields(session.id, 'Insurance details saved', form);
  const submit = (output: InsuranceFormOutput) =>
    save(() => {
      const chosen = [...options, ...known].find((c) => c.id === output.carrierId);
      return { ...output, carrierName: output.carrierId ? (chosen?.name ?? session.carrierName) : output.carrierName };
    });

  return (
    <Form form={form} onSubmit={submit} aria-label="Insurance details" className={FIELD_FORM}>
      <TitledCard id="carrier-heading" title="Carrier and claim">
        <FormField
          name="carrierId"
          label="Carrier"
          control="select"
          hint={carriers.isError || (carriers.data && options.length === 0) ? 'No carrier list on this device: type the name below.' : undefined}
        >
          <option value="">Not in the list (type it below)</option>
          <NamedOptions items={[...known, ...options]} />
        </FormField>
        {!carrierId && <FormField name="carrierName" label="Carrier name" autoComplete="off" />}
        <FormField name="policyNumber" label="Policy number" autoComplete="off" />
        <FormField name="claimNumber" label="Claim number" autoComplete="off" />
        <FormField name="deductibleCents" label="Deductible" inputMode="decimal" hint="In dollars, like 1,250.00" />
        <FormField name="dateOfLoss" label="Date of loss" type="date" />
      </TitledCard>
      <TitledCard id="adjuster-heading" title="Adjuster">
        <FormField name="adjusterName" label="Adjuster name" autoComplete="off" />
        <FormField name="adjusterPhone" label="Adjuster phone" type="tel" autoComplete="off" />
        <FormField name="adjusterEmail" label="Adjuster email" type="email" autoComplete="off" />
      </TitledCard>
      <FormError />
      <StickySubmit isSubmitting={form.formState.isSubmitting}>Next: Overview</StickySubmit>
    </Form>
  );
}

export default function InsuranceDetailsPage() {
  useDocumentTitle('Insurance Details');
  const { sessionId = '' } = useParams();
  const { session, loading } = useLocalInspection(sessionId, useFieldUser()?.userId);
  return (
    <SessionScreen title="Insurance details" session={session} loading={loading}>
      {(loaded) => <InsuranceForm key={loaded.id} session={loaded} />}
    </SessionScreen>
  );
}
