import type { InspectionActivityEntry } from '@ridgeline/shared/contracts/inspections';
import { formatUsdCents } from '@ridgeline/shared/domain/money';

// The session timeline in words. An edit that lost to a later one on another device is kept with
// both values, so nothing typed in the field disappears silently.

const FIELD_LABELS: Record<string, string> = {
  status: 'Status',
  street: 'Street',
  city: 'City',
  state: 'State',
  zip: 'ZIP',
  latitude: 'Latitude',
  longitude: 'Longitude',
  homeownerName: 'Homeowner name',
  homeownerPhone: 'Homeowner phone',
  homeownerEmail: 'Homeowner email',
  dateOfLoss: 'Date of loss',
  lossDescription: 'Loss description',
  lossType: 'Loss type',
  structures: 'Structures and areas',
  carrierId: 'Carrier',
  carrierName: 'Carrier name',
  policyNumber: 'Policy number',
  claimNumber: 'Claim number',
  adjusterName: 'Adjuster name',
  adjusterPhone: 'Adjuster phone',
  adjusterEmail: 'Adjuster email',
  deductibleCents: 'Deductible',
  notes: 'Notes',
};

export function fieldLabel(field: string | null): string {
  return field ? (FIELD_LABELS[field] ?? field) : 'A field';
}

/** A value as people read it: money in dollars, lists counted, nothing as an em dash. */
export function valueText(field: string | null, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (field === 'deductibleCents' && typeof value === 'number') return formatUsdCents(value);
  if (Array.isArray(value)) return `${value.length} item${value.length === 1 ? '' : 's'}`;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function withBody(what: string, body: string | null): string {
  return body ? `${what}: ${body}` : what;
}

export function activityText(entry: InspectionActivityEntry): string {
  const label = fieldLabel(entry.field);
  switch (entry.kind) {
    case 'created':
      return entry.body ? `Inspection started: ${entry.body}` : 'Inspection started';
    case 'field_changed':
      return `${label} changed from ${valueText(entry.field, entry.oldValue)} to ${valueText(entry.field, entry.newValue)}`;
    case 'edit_superseded':
      return `${label}: an earlier edit (${valueText(entry.field, entry.newValue)}) arrived after a later one and was not applied; it stays ${valueText(entry.field, entry.oldValue)}`;
    case 'status_changed':
      return `Status changed from ${valueText(null, entry.oldValue)} to ${valueText(null, entry.newValue)}`;
    case 'photo_uploaded':
      return withBody('Photo uploaded', entry.body);
    case 'photo_deleted':
      return withBody('Photo deleted', entry.body);
    case 'photo_restored':
      return withBody('Photo restored', entry.body);
    case 'photo_moved':
      return withBody('Photo moved', entry.body);
    case 'converted':
      return withBody('Converted to a claim file', entry.body);
  }
}
