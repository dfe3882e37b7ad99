import { api } from '../../../lib/api-client';
import { measurementPath, useMeasurementWrite } from './keys';

/** DELETE /api/measurements/:id (204). */
export const useDeleteMeasurement = () => useMeasurementWrite((id: string) => api.delete(measurementPath(id)));
