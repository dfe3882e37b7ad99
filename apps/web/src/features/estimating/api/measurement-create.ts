import { measurementSchema, type CreateMeasurementInput } from '@ridgeline/shared/contracts/estimating';
import { api } from '../../../lib/api-client';
import { useMeasurementWrite } from './keys';

/** POST /api/measurements: 201 with the measurement; 409 when the roof has one already (the session's, or its claim file's). */
export const useCreateMeasurement = () =>
  useMeasurementWrite((input: CreateMeasurementInput) => api.post('/api/measurements', input, { schema: measurementSchema }));
