import type { ReportDetail, ReportSource, ShotReadiness } from '@ridgeline/shared/contracts/documents';
import { DEFAULT_PHOTOS_PER_PAGE } from '@ridgeline/shared/domain/documents';
import { isErrorCode } from '@ridgeline/shared/domain/errors';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import type { z } from 'zod';
import { SubmitButton } from '../../components/submit-button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Form, FormError, FormField, useZodForm } from '../../components/ui/form';
import { ApiError } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import { useCreateReport } from './api/create-report';
import { readinessKey, useReadiness } from './api/readiness';
import { MissingShots, OverrideReasonField } from './missing-shots';
import { QueryThen } from '../../components/query-then';
import { LAYOUT_CHOICES, photoReportFormSchema, toLayout } from './report-form-schema';
import { watchDocument } from './watched-documents';

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
          <ReadinessThen source={source}>
            {(readiness) => (
              <PhotoReportForm
                key={readiness.complete ? 'complete' : 'missing'}
                source={source}
                readiness={readiness}
                onDone={(report) => {
                  onOpenChange(false);
                  onCreated?.(report);
                }}
              />
            )}
          </ReadinessThen>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** Reads the readiness of the source, then shows what depends on it. */
export function ReadinessThen({ source, children }: { source: ReportSource; children: (readiness: ShotReadiness) => ReactNode }) {
  const readiness = useReadiness(source);
  return (
    <QueryThen query={readiness} loadingLabel="Checking the required photos" loadingClassName="h-24" failure="The required photos could not be checked">
      {children}
    </QueryThen>
  );
}

function PhotoReportForm({ source, readiness, onDone }: { source: ReportSource; readiness: ShotReadiness; onDone: (report: ReportDetail) => void }) {
  const missingShots = !readiness.complete;
  const schema = useMemo(() => photoReportFormSchema(missingShots), [missingShots]);
  const form = useZodForm(schema, { defaultValues: { layout: String(DEFAULT_PHOTOS_PER_PAGE) as (typeof LAYOUT_CHOICES)[number], overrideReason: '' } });
  const create = useCreateReport();
  const client = useQueryClient();

  const submit = (values: z.output<typeof schema>) => {
    const reason = values.overrideReason.trim();
    create.mutate(
      { kind: 'photo', ...source, layout: toLayout(values.layout), ...(missingShots && reason ? { overrideReason: reason } : {}) },
      {
        onSuccess: (report) => {
          watchDocument(report.id);
          onDone(report);
        },
        onError: (error) => {
          if (error instanceof ApiError && isErrorCode(error.code) && error.code === 'SHOT_LIST_INCOMPLETE') {
            // Photos changed since the dialog opened: read the shot list again, which asks for the reason.
            void client.invalidateQueries({ queryKey: readinessKey(source) });
          }
          form.setError('root', { message: errorText(error) });
        },
      },
    );
  };

  return (
    <Form form={form} onSubmit={submit}>
      <MissingShots readiness={readiness} />
      <FormField name="layout" label="Photos per page" control="select">
        {LAYOUT_CHOICES.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </FormField>
      {missingShots && <OverrideReasonField made="report" />}
      <FormError />
      <div className="flex justify-end">
        <SubmitButton isSubmitting={create.isPending} busyText="Starting…" className="w-full sm:w-auto">
          {missingShots ? 'Make report anyway' : 'Make report'}
        </SubmitButton>
      </div>
    </Form>
  );
}
