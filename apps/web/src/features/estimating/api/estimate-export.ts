import { estimatePath } from './estimate';

/** GET /api/estimates/:id/export.csv: the version's lines as a CSV file (description, quantity, unit, unit price, total). */
export const estimateCsvHref = (id: string) => `${estimatePath(id)}/export.csv`;
