import type { Proposal } from '@ridgeline/shared/contracts/documents';
import type { Photo } from '@ridgeline/shared/contracts/photos';
import { PROPOSAL_PHOTOS_MAX, type ProposalApprovedSource } from '@ridgeline/shared/domain/documents';
import { categoryLabel, subcategoryLabel } from '@ridgeline/shared/domain/field-capture';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { Form, FormError, FormField, showErrorOnForm, useZodForm } from '../../components/ui/form';
import { Skeleton } from '../../components/ui/skeleton';
import { errorText } from '../../lib/error-text';
import { notify } from '../../lib/toast';
import { useProjectPhotos } from './api/project-photos';
import { useUpdateProposal } from './api/update-proposal';
import { proposalFormSchema, proposalFormValues, proposalUpdateInput, tierLabel, type ProposalFormOutput } from './proposal-form-schema';

// Editing a proposal before the homeowner signs: the intro, then each option's product line, price
// (typed in dollars), warranty and terms; the claim's deductible and approved amount the homeowner's
// part of each option is figured from; and up to PROPOSAL_PHOTOS_MAX of the claim file's photos for
// the PDF, in the order they are picked. Saved as a whole (PUT).

/** Where the approved amount shown comes from. */
const APPROVED_SOURCE_HINTS: Record<ProposalApprovedSource, string> = {
  insurer: "From the Money tab: the insurer's approved RCV plus its approved supplements.",
  estimate: 'Our estimate: the insurer has approved no figure on the Money tab yet. The homeowner reads it as our estimate, not approved.',
  typed: 'Typed here; the homeowner reads it as approved by the insurance.',
};

const photoName = (photo: Photo) => (photo.notes ?? '').trim() || subcategoryLabel(photo.category, photo.subcategory) || categoryLabel(photo.category);

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
        onError: showErrorOnForm(form),
      },
    );

  return (
    <Form form={form} onSubmit={submit} aria-label="Edit the proposal">
      <FormField name="intro" label="Introduction" control="textarea" rows={3} hint="The words above the options, for the homeowner." />
      <fieldset className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3">
        <legend className="px-1 text-base font-semibold text-slate-900">The homeowner's part</legend>
        <p className="text-sm text-slate-700">
          Each option shows what the insurance pays (the approved amount up to the option's price, less the deductible) and what the homeowner pays. Leave an
          amount empty while it is not known.
        </p>
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField name="deductibleCents" label="Deductible (dollars)" inputMode="decimal" />
          <FormField
            name="approvedCents"
            label="Approved by the insurance, RCV (dollars)"
            inputMode="decimal"
            hint={APPROVED_SOURCE_HINTS[proposal.approvedSource]}
          />
        </div>
      </fieldset>
      {proposal.options.map((option, index) => (
        <fieldset key={option.tier} className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3">
          <legend className="px-1 text-base font-semibold text-slate-900">{tierLabel(option.tier)} option</legend>
          <FormField name={`options.${index}.productLine`} label={`${tierLabel(option.tier)}: product line`} />
          <FormField name={`options.${index}.priceCents`} label={`${tierLabel(option.tier)}: price (dollars)`} inputMode="decimal" />
          <FormField name={`options.${index}.warranty`} label={`${tierLabel(option.tier)}: warranty`} />
          <FormField name={`options.${index}.terms`} label={`${tierLabel(option.tier)}: terms`} control="textarea" rows={3} />
        </fieldset>
      ))}
      <PhotoPicker
        projectId={proposal.projectId}
        chosen={form.watch('photoIds')}
        onChange={(ids) => form.setValue('photoIds', ids, { shouldDirty: true, shouldValidate: true })}
      />
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

/** The claim file's photos to tick for the PDF: at most PROPOSAL_PHOTOS_MAX, numbered in the order picked. */
function PhotoPicker({ projectId, chosen, onChange }: { projectId: string; chosen: string[]; onChange: (ids: string[]) => void }) {
  const photos = useProjectPhotos(projectId, true);
  const full = chosen.length >= PROPOSAL_PHOTOS_MAX;
  return (
    <fieldset className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-base font-semibold text-slate-900">Photos in the PDF</legend>
      <p className="text-sm text-slate-700" id="proposal-photos-hint">
        Pick up to {PROPOSAL_PHOTOS_MAX} photos of the damage for the homeowner ({chosen.length} of {PROPOSAL_PHOTOS_MAX} picked).
      </p>
      {photos.isPending ? (
        <Skeleton className="h-24" aria-label="Loading the photos" />
      ) : photos.isError ? (
        <p className="text-sm text-red-700">The photos could not be read: {errorText(photos.error)}</p>
      ) : photos.data.length === 0 ? (
        <p className="text-sm text-slate-700">This claim file has no photos yet.</p>
      ) : (
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3" aria-describedby="proposal-photos-hint">
          {photos.data.map((photo) => {
            const at = chosen.indexOf(photo.id);
            const id = `proposal-photo-${photo.id}`;
            const name = photoName(photo);
            return (
              <li key={photo.id} className="flex flex-col gap-1 rounded-md border border-slate-200 p-2">
                {photo.thumbSmallUrl && <img src={photo.thumbSmallUrl} alt="" className="aspect-[4/3] w-full rounded object-cover" />}
                <div className="flex min-h-11 items-center gap-2">
                  <Checkbox
                    id={id}
                    checked={at >= 0}
                    disabled={at < 0 && full}
                    onCheckedChange={(checked) => onChange(checked === true ? [...chosen, photo.id] : chosen.filter((c) => c !== photo.id))}
                  />
                  <label htmlFor={id} className="min-w-0 flex-1 text-sm break-words text-slate-900">
                    {at >= 0 && <span className="font-semibold">Photo {at + 1}: </span>}
                    {name}
                  </label>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}
