import type { ReportDetail, ReportSource, ShotReadiness } from '@ridgeline/shared/contracts/documents';
import { isErrorCode } from '@ridgeline/shared/domain/errors';
import { useQueryClient } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { QueryThen } from '../../components/query-then';
import { FormField, showErrorOnForm, type RootErrorForm } from '../../components/ui/form';
import { ApiError } from '../../lib/api-client';
import { readinessKey, useReadiness } from './api/readiness';
import { LAYOUT_CHOICES } from './report-form-schema';
import { watchDocument } from './watched-documents';

// What the dialogs that make a document (the photo report, the claim packet) share: the form waits for
// the source's readiness, the document made is followed until its PDF is ready, and a refusal for
// missing shots reads the shot list again.

/** Reads the readiness of the source, then shows what depends on it. */
function ReadinessThen({ source, children }: { source: ReportSource; children: (readiness: ShotReadiness) => ReactNode }) {
  const readiness = useReadiness(source);
  return (
    <QueryThen query={readiness} loadingLabel="Checking the required photos" loadingClassName="h-24" failure="The required photos could not be checked">
      {children}
    </QueryThen>
  );
}

type ReadinessFormProps = {
  source: ReportSource;
  onOpenChange: (open: boolean) => void;
  onCreated?: ((report: ReportDetail) => void) | undefined;
  /** The form, given the readiness and what to call once the document is made (the dialog closes). */
  children: (readiness: ShotReadiness, onDone: (report: ReportDetail) => void) => ReactNode;
};

/** The dialog's form once the source's readiness is read: made again when the shot list turns complete or not. */
export function ReadinessForm({ source, onOpenChange, onCreated, children }: ReadinessFormProps) {
  return (
    <ReadinessThen source={source}>
      {(readiness) => (
        <Fragment key={readiness.complete ? 'complete' : 'missing'}>
          {children(readiness, (report) => {
            onOpenChange(false);
            onCreated?.(report);
          })}
        </Fragment>
      )}
    </ReadinessThen>
  );
}

/**
 * The callbacks of making a document from `source`: made -> followed until its PDF is ready, then
 * `onDone`; refused -> the words under `form` (its own error), and when photos changed since the dialog opened the
 * shot list is read again (which asks for the reason).
 */
export function useDocumentMade(source: ReportSource, onDone: (report: ReportDetail) => void, form: RootErrorForm) {
  const client = useQueryClient();
  return {
    onSuccess: (report: ReportDetail) => {
      watchDocument(report.id);
      onDone(report);
    },
    onError: (error: Error) => {
      if (error instanceof ApiError && isErrorCode(error.code) && error.code === 'SHOT_LIST_INCOMPLETE')
        void client.invalidateQueries({ queryKey: readinessKey(source) });
      showErrorOnForm(form)(error);
    },
  };
}

/** How many photos a page of the photo report holds. */
export function LayoutField() {
  return (
    <FormField name="layout" label="Photos per page" control="select">
      {LAYOUT_CHOICES.map((n) => (
        <option key={n} value={n}>
          {n}
        </option>
      ))}
    </FormField>
  );
}
