import type { Proposal } from '@ridgeline/shared/contracts/documents';
import { Button } from '../../components/ui/button';
import { Form, FormError, FormField, useZodForm } from '../../components/ui/form';
import { errorText } from '../../lib/error-text';
import { notify } from '../../lib/toast';
import { useUpdateProposal } from './api/update-proposal';
import { proposalFormSchema, proposalFormValues, proposalUpdateInput, tierLabel, type ProposalFormOutput } from './proposal-form-schema';

// Editing a proposal before the homeowner signs: the intro, then each option's product line, price
// (typed in dollars), warranty and terms. Saved as a whole (PUT).

export function ProposalEditor({ proposal, onDone }: { proposal: Proposal; onDone: () => void }) {
  const update = useUpdateProposal();
  const form = useZodForm(proposalFormSchema, { defaultValues: proposalFormValues(proposal) });

  const submit = (values: ProposalFormOutput) =>
    update.mutate(
      { id: proposal.id, input: proposalUpdateInput(values) },
      {
        onSuccess: () => {
          notify.success('Proposal saved', 'The homeowner sees these options when you share it.');
          onDone();
        },
        onError: (e) => form.setError('root', { message: errorText(e) }),
      },
    );

  return (
    <Form form={form} onSubmit={submit} aria-label="Edit the proposal">
      <FormField name="intro" label="Introduction" control="textarea" rows={3} hint="The words above the options, for the homeowner." />
      {proposal.options.map((option, index) => (
        <fieldset key={option.tier} className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3">
          <legend className="px-1 text-base font-semibold text-slate-900">{tierLabel(option.tier)} option</legend>
          <FormField name={`options.${index}.productLine`} label={`${tierLabel(option.tier)}: product line`} />
          <FormField name={`options.${index}.priceCents`} label={`${tierLabel(option.tier)}: price (dollars)`} inputMode="decimal" />
          <FormField name={`options.${index}.warranty`} label={`${tierLabel(option.tier)}: warranty`} />
          <FormField name={`options.${index}.terms`} label={`${tierLabel(option.tier)}: terms`} control="textarea" rows={3} />
        </fieldset>
      ))}
      <FormError />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save'}
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
