import { measurementSchema } from '@ridgeline/shared/contracts/estimating';
import { api } from '../../../lib/api-client';
import { measurementPath, useMeasurementWrite } from './keys';

// PUT /api/measurements/:id/report?fileName=: the report file's raw bytes (PDF or XML, up to 25 MB),
// replacing an earlier one. The server checks the bytes against the type sent.

/** What the file picker offers. */
export const REPORT_ACCEPT = '.pdf,.xml,application/pdf,application/xml,text/xml';
export const REPORT_MAX_BYTES = 25 * 1024 * 1024;

/** The type the report is sent as: the browser's when it is one the server takes, else from the name (some systems leave XML untyped). */
export function reportType(file: File): string {
  if (file.type === 'application/pdf' || file.type === 'application/xml' || file.type === 'text/xml') return file.type;
  const name = file.name.toLowerCase();
  if (name.endsWith('.pdf')) return 'application/pdf';
  if (name.endsWith('.xml')) return 'application/xml';
  return file.type;
}

export const useUploadMeasurementReport = () =>
  useMeasurementWrite(({ id, file }: { id: string; file: File }) => {
    const body = file.type === reportType(file) ? file : new Blob([file], { type: reportType(file) });
    return api.put(`${measurementPath(id)}/report?fileName=${encodeURIComponent(file.name)}`, body, { schema: measurementSchema });
  });
