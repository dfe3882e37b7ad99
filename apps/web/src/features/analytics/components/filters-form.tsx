import { useEffect } from 'react';
import { analyticsFilterFormSchema, type AnalyticsFilterForm, type AnalyticsQuery } from '@ridgeline/shared/contracts/analytics';
import { Button } from '../../../components/ui/button';
import { Form, FormField, useZodForm } from '../../../components/ui/form';
import { LossTypeOptions } from '../../../components/loss-type-options';
import { NamedOptions } from '../../../components/choice-options';

type Option = { id: string; name: string };

type FiltersFormProps = {
  /** The filters in the address (what the figures were asked with). */
  applied: AnalyticsQuery;
  members: readonly Option[];
  carriers: readonly Option[];
  /** Owners and managers may pick a member; a member's figures are their own. */
  canPickMember: boolean;
  onApply: (query: AnalyticsQuery) => void;
};

const asForm = (query: AnalyticsQuery): AnalyticsFilterForm => ({
  from: query.from ?? '',
  to: query.to ?? '',
  memberId: query.memberId ?? '',
  carrierId: query.carrierId ?? '',
  lossType: query.lossType ?? '',
});

/** The date range, member, carrier and loss type of the view, checked by the shared contract before they go in the address. */
export function FiltersForm({ applied, members, carriers, canPickMember, onApply }: FiltersFormProps) {
  const form = useZodForm(analyticsFilterFormSchema, { defaultValues: asForm(applied) });
  const { reset } = form;
  // Back and forward (or a link) change the address: the form shows what is applied.
  useEffect(() => reset(asForm(applied)), [applied, reset]);
  return (
    <Form form={form} onSubmit={onApply} aria-label="Filters" className="gap-3">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <FormField<AnalyticsFilterForm> name="from" label="From" type="date" />
        <FormField<AnalyticsFilterForm> name="to" label="To" type="date" />
        {canPickMember && (
          <FormField<AnalyticsFilterForm> name="memberId" label="Member" control="select">
            <option value="">Everyone</option>
            <NamedOptions items={members} />
          </FormField>
        )}
        <FormField<AnalyticsFilterForm> name="carrierId" label="Carrier" control="select">
          <option value="">Every carrier</option>
          <NamedOptions items={carriers} />
        </FormField>
        <FormField<AnalyticsFilterForm> name="lossType" label="Loss type" control="select">
          <option value="">Every loss type</option>
          <LossTypeOptions />
        </FormField>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit">Apply filters</Button>
        <Button type="button" variant="secondary" onClick={() => onApply({})}>
          Clear filters
        </Button>
      </div>
    </Form>
  );
}
