import type { PacketDefaults, ReportDetail, ShotReadiness } from '@ridgeline/shared/contracts/documents';
import {
  COVER_LETTER_FIELDS,
  DEFAULT_PHOTOS_PER_PAGE,
  fillCoverLetter,
  missingCoverLetterFields,
  type CoverLetterValues,
} from '@ridgeline/shared/domain/documents';
import { canManageCompany } from '@ridgeline/shared/domain/roles';
import { useMemo, useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Form, FormCheckbox, FormField, useZodForm } from '../../components/ui/form';
import { useMe } from '../../lib/api/me';
import { takeCoverLetter } from '../../lib/draft-handoff';
import { errorText } from '../../lib/error-text';
import { formatCents } from '../../lib/money';
import { notify } from '../../lib/toast';
import { useCreatePacket } from './api/create-packet';
import { usePacketDefaults } from './api/packet-defaults';
import { useSaveCoverLetterTemplate } from './api/save-cover-letter-template';
import { MissingShots, OverrideReasonField } from './missing-shots';
import { LayoutField, ReadinessForm, useDocumentMade } from './document-dialog';
import { FormFooter } from '../../components/form-footer';
import { QueryThen } from '../../components/query-then';
import { LAYOUT_CHOICES, packetFormSchema, toLayout } from './report-form-schema';

// The claim submission packet of a claim file: the cover letter (the company's template, edited here,
// its fields filled with the claim's values in the preview), the photo report, the measurements and
// one of the project's estimates with its supplement list, in one PDF with bookmarks. Owners and
// managers may keep the edited letter as the company's template.

const COVER_LETTER_ID = 'packet-cover-letter';

type Props = { projectId: string; open: boolean; onOpenChange: (open: boolean) => void; onCreated?: (report: ReportDetail) => void };

export function PacketDialog({ projectId, open, onOpenChange, onCreated }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel="Close" className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>Claim packet</DialogTitle>
          <DialogDescription>The cover letter, photo report, measurements and estimate in one PDF with bookmarks.</DialogDescription>
        </DialogHeader>
        {open && (
          <DefaultsThen projectId={projectId}>
            {(defaults) => (
              <ReadinessForm source={{ projectId }} onOpenChange={onOpenChange} onCreated={onCreated}>
                {(readiness, onDone) => <PacketForm projectId={projectId} defaults={defaults} readiness={readiness} onDone={onDone} />}
              </ReadinessForm>
            )}
          </DefaultsThen>
        )}
      </DialogContent>
    </Dialog>
  );
}

function DefaultsThen({ projectId, children }: { projectId: string; children: (defaults: PacketDefaults) => ReactNode }) {
  const defaults = usePacketDefaults(projectId);
  return (
    <QueryThen query={defaults} loadingLabel="Loading the cover letter" loadingClassName="h-40" failure="The cover letter could not be read">
      {children}
    </QueryThen>
  );
}

type PacketFormProps = { projectId: string; defaults: PacketDefaults; readiness: ShotReadiness; onDone: (report: ReportDetail) => void };

function PacketForm({ projectId, defaults, readiness, onDone }: PacketFormProps) {
  const missingShots = !readiness.complete;
  const schema = useMemo(() => packetFormSchema(missingShots), [missingShots]);
  // A draft copied from the assistant starts the letter in place of the template (taken once).
  const [startLetter] = useState(() => takeCoverLetter(projectId) ?? defaults.template);
  const form = useZodForm(schema, {
    defaultValues: {
      coverLetter: startLetter,
      photoReport: true,
      measurements: true,
      estimateId: defaults.estimates[0]?.id ?? '',
      layout: String(DEFAULT_PHOTOS_PER_PAGE) as (typeof LAYOUT_CHOICES)[number],
      overrideReason: '',
    },
  });
  const create = useCreatePacket();
  const saveTemplate = useSaveCoverLetterTemplate();
  const made = useDocumentMade({ projectId }, onDone, form);
  const me = useMe();
  const canSaveTemplate = me.data?.company ? canManageCompany(me.data.company.role) : false;

  const letter = form.watch('coverLetter');
  const withPhotos = form.watch('photoReport');
  const estimateId = form.watch('estimateId');
  // The letter's estimate total is the chosen estimate's (none with no estimate).
  const chosenEstimate = defaults.estimates.find((e) => e.id === estimateId);
  const values: CoverLetterValues = { ...defaults.values, estimate_total: chosenEstimate ? formatCents(chosenEstimate.totalCents) : '' };
  const preview = fillCoverLetter(letter, values);
  // A printed letter never shows a stand-in: the fields it names with no value are said here, and the packet is refused until they are filled or taken out.
  const missingFields = missingCoverLetterFields(letter, values);

  /** Puts `{{field}}` where the cursor is in the letter (at its end when it has no cursor). */
  const insertField = (key: string) => {
    const token = `{{${key}}}`;
    const area = document.getElementById(COVER_LETTER_ID);
    const current = form.getValues('coverLetter');
    const start = area instanceof HTMLTextAreaElement ? area.selectionStart : current.length;
    const end = area instanceof HTMLTextAreaElement ? area.selectionEnd : current.length;
    form.setValue('coverLetter', current.slice(0, start) + token + current.slice(end), { shouldDirty: true, shouldValidate: true });
    if (area instanceof HTMLTextAreaElement) {
      area.focus();
      const caret = start + token.length;
      requestAnimationFrame(() => area.setSelectionRange(caret, caret));
    }
  };

  const onSaveTemplate = () =>
    saveTemplate.mutate(form.getValues('coverLetter'), {
      onSuccess: () => notify.success('Template saved', 'Every new packet starts from this cover letter.'),
      onError: (error) => notify.error('The template could not be saved', errorText(error)),
    });

  const submit = (values: z.output<typeof schema>) => {
    const reason = values.overrideReason.trim();
    create.mutate(
      {
        projectId,
        coverLetter: values.coverLetter,
        photoReport: values.photoReport,
        measurements: values.measurements,
        estimateId: values.estimateId === '' ? null : values.estimateId,
        layout: toLayout(values.layout),
        ...(missingShots && values.photoReport && reason ? { overrideReason: reason } : {}),
      },
      made,
    );
  };

  return (
    <Form form={form} onSubmit={submit}>
      <div className="grid gap-4 md:grid-cols-2">
        <div className="flex flex-col gap-2">
          <FormField name="coverLetter" id={COVER_LETTER_ID} label="Cover letter" control="textarea" rows={14} className="font-mono" />
          <div>
            <p id="cover-letter-fields" className="text-sm font-semibold text-slate-900">
              Fields you can use (click to insert)
            </p>
            <ul aria-labelledby="cover-letter-fields" className="mt-1 flex flex-wrap gap-1">
              {COVER_LETTER_FIELDS.map((field) => (
                <li key={field.key}>
                  <Button type="button" variant="secondary" size="sm" onClick={() => insertField(field.key)} aria-label={`Insert ${field.label}`}>
                    {field.label}
                  </Button>
                </li>
              ))}
            </ul>
          </div>
          {canSaveTemplate && (
            <Button type="button" variant="secondary" onClick={onSaveTemplate} disabled={saveTemplate.isPending} className="self-start">
              {saveTemplate.isPending ? 'Saving…' : 'Save as company template'}
            </Button>
          )}
        </div>
        <section aria-labelledby="cover-letter-preview" className="flex flex-col gap-1">
          <h3 id="cover-letter-preview" className="text-sm font-semibold text-slate-900">
            Preview with this claim's values
          </h3>
          {/* Scrolls on its own: reachable by keyboard to scroll it. */}
          <div
            data-testid="cover-letter-preview"
            tabIndex={0}
            role="region"
            aria-labelledby="cover-letter-preview"
            className="max-h-96 overflow-y-auto rounded-md border border-slate-200 bg-slate-50 p-3 text-sm whitespace-pre-wrap text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600"
          >
            {preview}
          </div>
          {missingFields.length > 0 && (
            <Alert tone="warning" role="note" className="border border-amber-300">
              This claim file has no {missingFields.map((f) => f.label).join(', ')} yet: fill {missingFields.length === 1 ? 'it' : 'them'} in on the claim file,
              or take {missingFields.length === 1 ? 'it' : 'them'} out of the letter. The packet is made once every field the letter names has a value.
            </Alert>
          )}
        </section>
      </div>
      <fieldset className="flex flex-col gap-1">
        <legend className="text-sm font-semibold text-slate-900">In the packet</legend>
        <FormCheckbox name="photoReport" label="Photo report" />
        <FormCheckbox name="measurements" label="Measurements" />
      </fieldset>
      <FormField name="estimateId" label="Estimate" control="select" hint="Printed with its supplement list.">
        <option value="">No estimate</option>
        {defaults.estimates.map((estimate) => (
          <option key={estimate.id} value={estimate.id}>
            {estimate.label} ({formatCents(estimate.totalCents)})
          </option>
        ))}
      </FormField>
      {withPhotos && (
        <>
          <LayoutField />
          <MissingShots readiness={readiness} />
          {missingShots && <OverrideReasonField made="packet" />}
        </>
      )}
      <FormFooter isSubmitting={create.isPending} busyText="Starting…">
        {missingShots && withPhotos ? 'Make packet anyway' : 'Make packet'}
      </FormFooter>
    </Form>
  );
}
