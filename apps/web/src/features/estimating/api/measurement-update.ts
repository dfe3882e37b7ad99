import { measurementSchema, type UpdateMeasurementInput } from '@ridgeline/shared/contracts/estimating';
import { api } from '../../../lib/api-client';
import { measurementPath, useMeasurementWrite } from './keys';

/** PUT /api/measurements/:id: the whole measurement as edited. */
export const useUpdateMeasurement = () =>
  useMeasurementWrite(({ id, input }: { id: string; input: UpdateMeasurementInput }) => api.put(measurementPath(id), input, { schema: measurementSchema }));
