import { CAPTURE_PHASES, PHOTO_TYPES, categoryLabel, subcategoryLabel, type CapturePhase } from '@ridgeline/shared/domain/field-capture';
import { formatDateTime as formatMoment } from '../../../lib/dates';

// How a photo's tags read on the capture, gallery and annotation screens.

export const phaseLabel = (phase: string | null | undefined) => CAPTURE_PHASES.find((p) => p.value === phase)?.label ?? '';
export const photoTypeLabel = (type: string | null | undefined) => PHOTO_TYPES.find((t) => t.value === type)?.label ?? '';

/** "Roof · Slope N", "Overview · Address", "Damage". */
export function photoTagLabel(photo: { category: string; subcategory: string | null }): string {
  const sub = subcategoryLabel(photo.category, photo.subcategory);
  return sub ? `${categoryLabel(photo.category)} · ${sub}` : categoryLabel(photo.category);
}

export function isCapturePhase(value: string | undefined): value is CapturePhase {
  return CAPTURE_PHASES.some((p) => p.value === value);
}

/** A date and time as people read it on this device ("Nov 23, 2026, 9:14 AM"). */
export function formatDateTime(iso: string | null | undefined): string {
  return iso ? formatMoment(iso) : '';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Session and photo ids are uuids: anything else is not one, and is not asked of the server. */
export function isUuid(value: string | null | undefined): value is string {
  return typeof value === 'string' && UUID.test(value);
}
