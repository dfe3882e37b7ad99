import { api } from '../../../lib/api-client';
import { measurementPath, useMeasurementWrite } from './keys';

/** DELETE /api/measurements/:id/report: the file goes; the typed totals stay. */
export const useDeleteMeasurementReport = () => useMeasurementWrite((id: string) => api.delete(`${measurementPath(id)}/report`));
