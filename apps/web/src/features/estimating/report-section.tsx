import { Download, FileText, Upload } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import type { Measurement } from '@ridgeline/shared/contracts/estimating';
import { LINEAR_KINDS } from '@ridgeline/shared/domain/roof-measurements';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardDescription, CardTitle } from '../../components/ui/card';
import { FormField } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { errorText } from '../../lib/error-text';
import { notify } from '../../lib/toast';
import { useDeleteMeasurementReport } from './api/measurement-report-delete';
import { REPORT_ACCEPT, REPORT_MAX_BYTES, reportType, useUploadMeasurementReport } from './api/measurement-report-upload';
import type { MeasurementFormInput } from './measurement-form-schema';
import { formatUpdated } from './measurement-words';

// A measurement report (EagleView, HOVER ...): the file kept with the measurement, and its totals
// typed in beside it (nothing reads the file).

/** "820 B", "14.2 KB", "3.1 MB". */
function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function ReportFile({ measurement }: { measurement: Measurement }) {
  const upload = useUploadMeasurementReport();
  const remove = useDeleteMeasurementReport();
  const inputId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const report = measurement.report;

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared, so choosing the same file again sends it again.
    event.target.value = '';
    if (!file) return;
    setProblem(null);
    if (reportType(file) !== 'application/pdf' && reportType(file) !== 'application/xml' && reportType(file) !== 'text/xml') {
      setProblem(`${file.name}: a measurement report is a PDF or an XML file.`);
      return;
    }
    if (file.size > REPORT_MAX_BYTES) {
      setProblem(`${file.name}: a measurement report can be up to 25 MB.`);
      return;
    }
    upload.mutate(
      { id: measurement.id, file },
      {
        onSuccess: () => notify.success('Report attached', `${file.name} is kept with the measurements.`),
        onError: (error) => {
          setProblem(`${file.name}: ${errorText(error)}`);
          notify.error('Upload failed', errorText(error));
        },
      },
    );
  };

  const onRemove = () =>
    remove.mutate(measurement.id, {
      onSuccess: () => notify.success('Report removed'),
      onError: (error) => notify.error('Report not removed', errorText(error)),
    });

  return (
    <div className="flex flex-col gap-2">
      {report && (
        <div className="flex flex-wrap items-center gap-2 rounded-md border border-slate-200 p-3">
          <FileText aria-hidden="true" className="size-6 shrink-0 text-slate-600" />
          <div className="flex min-w-0 flex-1 flex-col">
            <p className="truncate font-medium text-slate-900">{report.fileName}</p>
            <p className="text-xs text-slate-700">
              {formatBytes(report.size)} · <time dateTime={report.uploadedAt}>{formatUpdated(report.uploadedAt)}</time>
            </p>
          </div>
          <Button asChild variant="secondary" className="min-h-12">
            <a href={report.url} download={report.fileName} target="_blank" rel="noopener noreferrer">
              <Download aria-hidden="true" className="size-4" />
              Download {report.fileName}
            </a>
          </Button>
          <Button type="button" variant="destructive-outline" className="min-h-12" disabled={remove.isPending} onClick={onRemove}>
            Remove report
          </Button>
        </div>
      )}
      <Label
        htmlFor={inputId}
        className="inline-flex min-h-12 w-fit cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 font-semibold hover:bg-slate-50 has-[:focus-visible]:outline-2"
      >
        <Upload aria-hidden="true" className="size-4" />
        {report ? 'Replace the report file' : 'Import a report file'}
      </Label>
      <Input id={inputId} type="file" accept={REPORT_ACCEPT} disabled={upload.isPending} onChange={onChoose} className="sr-only w-px" />
      <p className="text-xs text-slate-600">PDF or XML, up to 25 MB.</p>
      {upload.isPending && (
        <p role="status" className="text-sm text-slate-700">
          Uploading {upload.variables?.file.name ?? 'the report'}…
        </p>
      )}
      {problem && <Alert>{problem}</Alert>}
    </div>
  );
}

/** The report card: its file once the measurement is saved, and the report's totals as typed. */
export function ReportSection({ measurement }: { measurement: Measurement | null }) {
  return (
    <Card aria-labelledby="report-heading" className="flex flex-col gap-4">
      <div>
        <CardTitle id="report-heading">Measurement report</CardTitle>
        <CardDescription>An EagleView, HOVER or similar report: keep the file here and type its totals beside it.</CardDescription>
      </div>
      {measurement ? (
        <ReportFile measurement={measurement} />
      ) : (
        <p className="text-sm text-slate-700">Save the measurements first, then import the report file.</p>
      )}
      <div className="grid grid-cols-2 gap-3">
        <FormField<MeasurementFormInput> name="report.provider" label="Report provider" autoComplete="off" placeholder="EagleView" className="col-span-2" />
        <FormField<MeasurementFormInput> name="report.totalSquares" label="Total squares on the report" inputMode="decimal" autoComplete="off" />
        <FormField<MeasurementFormInput> name="report.predominantPitch" label="Predominant pitch on the report" autoComplete="off" placeholder="6/12" />
        <FormField<MeasurementFormInput> name="report.wastePct" label="Waste on the report (%)" inputMode="decimal" autoComplete="off" />
        {LINEAR_KINDS.map((kind) => (
          <FormField<MeasurementFormInput>
            key={kind.value}
            name={`report.${kind.value}`}
            label={`${kind.label} on the report (LF)`}
            inputMode="decimal"
            autoComplete="off"
          />
        ))}
      </div>
    </Card>
  );
}
