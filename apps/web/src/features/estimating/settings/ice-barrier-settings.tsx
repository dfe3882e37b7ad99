import { z } from 'zod';
import { updateCompanySchema, type Company } from '@ridgeline/shared/contracts/team';
import {
  atEavesSourceText,
  iceBarrierRule,
  ICE_BARRIER_EAVE_FT_MAX,
  ICE_BARRIER_EAVE_FT_MIN,
  resolveIceBarrier,
  stateDefaultAtEaves,
  stateFromAddress,
  stateName,
  US_STATE_CODES,
  US_STATES,
} from '@ridgeline/shared/domain/ice-barrier';
import { SubmitButton } from '../../../components/submit-button';
import { Form, FormError, FormField, useZodForm } from '../../../components/ui/form';
import { useUpdateCompany } from '../../../lib/api/update-company';
import { saveWithToasts } from '../../../lib/save-with-toasts';

// Where the company's estimates charge ice and water barrier: the state its jobs are in (read from
// its address until chosen), whether its jurisdiction requires the barrier at the eaves (the state's
// default until chosen) and how far up the roof it runs. The rule it follows is printed with the
// company's adopted code edition. A change applies to lines computed from then on.

const FEET_MESSAGE = `Enter a whole number of feet from ${ICE_BARRIER_EAVE_FT_MIN} to ${ICE_BARRIER_EAVE_FT_MAX}`;

const AT_EAVES_CHOICES = ['default', 'required', 'not_required'] as const;

const iceBarrierFormSchema = z.object({
  jurisdictionState: z.union([z.literal(''), z.enum(US_STATE_CODES)]).transform((v) => (v === '' ? null : v)),
  iceBarrierAtEaves: z.enum(AT_EAVES_CHOICES).transform((v) => (v === 'default' ? null : v === 'required')),
  iceBarrierEaveFt: z
    .string()
    .trim()
    .regex(/^\d{1,2}$/, FEET_MESSAGE)
    .transform(Number)
    .pipe(updateCompanySchema.shape.iceBarrierEaveFt.unwrap()),
});
type FormInput = z.input<typeof iceBarrierFormSchema>;

function formValues(company: Company): FormInput {
  const chosenState = company.iceBarrier.stateFrom === 'chosen' ? company.iceBarrier.state : null;
  const atEaves = company.iceBarrier.atEavesFrom === 'chosen' ? (company.iceBarrier.atEaves ? 'required' : 'not_required') : 'default';
  return { jurisdictionState: chosenState ?? '', iceBarrierAtEaves: atEaves, iceBarrierEaveFt: String(company.iceBarrier.eaveWidthFt) };
}

export function IceBarrierForm({ company, canEdit }: { company: Company; canEdit: boolean }) {
  const update = useUpdateCompany();
  const form = useZodForm(iceBarrierFormSchema, { defaultValues: formValues(company) });
  const submit = saveWithToasts(update, ['Ice barrier saved', 'New estimate lines follow it.'], 'Ice barrier not saved');
  const addressState = stateFromAddress(company.address);
  // What the choices on screen resolve to, before they are saved.
  const watched = form.watch();
  const preview = resolveIceBarrier({
    jurisdictionState: watched.jurisdictionState === '' ? null : (watched.jurisdictionState ?? null),
    iceBarrierAtEaves: watched.iceBarrierAtEaves === 'default' || watched.iceBarrierAtEaves === undefined ? null : watched.iceBarrierAtEaves === 'required',
    iceBarrierEaveFt: company.iceBarrier.eaveWidthFt,
    address: company.address,
    codeEdition: company.iceBarrier.edition,
  });
  const defaultLabel = preview.state
    ? `${stateName(preview.state)}'s default: ${stateDefaultAtEaves(preview.state) ? 'required' : 'not required'}`
    : 'No state: required';

  return (
    <Form form={form} onSubmit={submit} aria-label="Ice barrier">
      <p className="text-sm text-slate-700" data-testid="ice-barrier-rule">
        {iceBarrierRule(company.iceBarrier.edition)} It follows the {company.iceBarrier.edition} IRC, your company’s adopted code edition (the owner sets it on
        the Assistant page).
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField name="jurisdictionState" label="State your jobs are in" control="select" disabled={!canEdit} className="min-w-0">
          <option value="">{addressState ? `From your address (${stateName(addressState)})` : 'Not set (your address names no state)'}</option>
          {US_STATES.map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </FormField>
        <FormField name="iceBarrierAtEaves" label="Ice barrier at the eaves" control="select" disabled={!canEdit} className="min-w-0">
          <option value="default">{defaultLabel}</option>
          <option value="required">Required by my jurisdiction</option>
          <option value="not_required">Not required by my jurisdiction</option>
        </FormField>
      </div>
      <FormField
        name="iceBarrierEaveFt"
        label="Width up the roof from the eave (ft)"
        inputMode="numeric"
        className="max-w-xs"
        disabled={!canEdit}
        hint="Enough to reach 24 in inside the exterior wall line: one 3 ft course, or two on a deep overhang. The default is 6."
      />
      <p className="text-sm font-medium text-slate-900" role="status" data-testid="ice-barrier-preview">
        {preview.atEaves ? 'Estimates include the ice barrier at the eaves' : 'Estimates leave the eaves out and line only the valleys'}.{' '}
        {atEavesSourceText(preview)}.
      </p>
      <FormError />
      {canEdit && (
        <div>
          <SubmitButton isSubmitting={update.isPending} busyText="Saving…">
            Save ice barrier
          </SubmitButton>
        </div>
      )}
    </Form>
  );
}
