import type { ReportDetail, ReportSource, ShotReadiness } from '@ridgeline/shared/contracts/documents';
import { DEFAULT_PHOTOS_PER_PAGE } from '@ridgeline/shared/domain/documents';
import { useMemo } from 'react';
import type { z } from 'zod';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Form, useZodForm } from '../../components/ui/form';
import { useCreateReport } from './api/create-report';
import { LayoutField, ReadinessForm, useDocumentMade } from './document-dialog';
import { FormFooter } from '../../components/form-footer';
import { MissingShots, OverrideReasonField } from './missing-shots';
import { LAYOUT_CHOICES, photoReportFormSchema, toLayout } from './report-form-schema';

// The one-click photo report of a claim file or an inspection: photos per page (2 unless told), the
// required shot list against the photos taken, and, when shots are missing, the reason the report is
// made anyway (printed in the report). Made -> the report is followed until its PDF is ready.

type Props = {
  source: ReportSource;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated?: (report: ReportDetail) => void;
};

export function PhotoReportDialog({ source, open, onOpenChange, onCreated }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel="Close">
        <DialogHeader>
          <DialogTitle>Photo report</DialogTitle>
          <DialogDescription>Every photo in the order adjusters read, with its caption, time, location and fingerprint.</DialogDescription>
        </DialogHeader>
        {open && (
          <ReadinessForm source={source} onOpenChange={onOpenChange} onCreated={onCreated}>
            {(readiness, onDone) => <PhotoReportForm source={source} readiness={readiness} onDone={onDone} />}
          </ReadinessForm>
        )}
      </DialogContent>
    </Dialog>
  );
}

function PhotoReportForm({ source, readiness, onDone }: { source: ReportSource; readiness: ShotReadiness; onDone: (report: ReportDetail) => void }) {
  const missingShots = !readiness.complete;
  const schema = useMemo(() => photoReportFormSchema(missingShots), [missingShots]);
  const form = useZodForm(schema, { defaultValues: { layout: String(DEFAULT_PHOTOS_PER_PAGE) as (typeof LAYOUT_CHOICES)[number], overrideReason: '' } });
  const create = useCreateReport();
  const made = useDocumentMade(source, onDone, form);

  const submit = (values: z.output<typeof schema>) => {
    const reason = values.overrideReason.trim();
    create.mutate({ kind: 'photo', ...source, layout: toLayout(values.layout), ...(missingShots && reason ? { overrideReason: reason } : {}) }, made);
  };

  return (
    <Form form={form} onSubmit={submit}>
      <MissingShots readiness={readiness} />
      <LayoutField />
      {missingShots && <OverrideReasonField made="report" />}
      <FormFooter isSubmitting={create.isPending} busyText="Starting…">
        {missingShots ? 'Make report anyway' : 'Make report'}
      </FormFooter>
    </Form>
  );
}
