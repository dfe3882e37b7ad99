import {
  inspectionListSchema,
  inspectionSessionSchema,
  type CreateInspectionInput,
  type InspectionListQuery,
  type UpdateInspectionInput,
} from '@ridgeline/shared/contracts/inspections';
import { api } from '../lib/api-client';

// The inspection session endpoints the local store syncs through (the screens' query hooks in
// features/inspections/api/ use the same fetchers).

const at = (id: string) => `/api/inspections/${encodeURIComponent(id)}`;

/** POST /api/inspections: 201 when the id is new, 200 with the same session when the company has it already. */
export function postInspection(input: CreateInspectionInput) {
  return api.post('/api/inspections', input, { schema: inspectionSessionSchema });
}

/** PATCH /api/inspections/:id: the fields edited, each with its edit time (later edit wins per field). */
export function patchInspection(id: string, input: UpdateInspectionInput) {
  return api.patch(at(id), input, { schema: inspectionSessionSchema });
}

/** GET /api/inspections/:id (404 for another company's session). */
export function fetchInspection(id: string) {
  return api.get(at(id), { schema: inspectionSessionSchema });
}

/** GET /api/inspections with the list's filters and page. */
export function fetchInspectionList(query: InspectionListQuery = {}) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  const search = params.toString();
  return api.get(`/api/inspections${search ? `?${search}` : ''}`, { schema: inspectionListSchema });
}
