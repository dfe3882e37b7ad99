import type { z } from 'zod';
import { HOMEOWNER_CONTACT_FIELDS, PROPERTY_ADDRESS_FIELDS } from '@ridgeline/shared/contracts/fields';
import type { InspectionActivityEntry, InspectionFieldName, InspectionStatus, inspectionFieldsSchema } from '@ridgeline/shared/contracts/inspections';
import type { LossTypeSource } from '@ridgeline/shared/contracts/project-views';
import { classifyLossType, type LossType } from '@ridgeline/shared/domain/loss-types';

// Later edit wins, per field. Every write says when the user made each edit (the client's clock);
// the session keeps, per field, the time of the edit that set it. An incoming value edited at the same
// time or later than the stored one replaces it (the timeline keeps the old value); one edited earlier
// arrives too late and is not applied (the timeline keeps it as superseded). Pure: the service reads
// and locks the row, this decides, the service writes.

export type SessionFields = z.output<typeof inspectionFieldsSchema>;

/** What a session holds of the editable fields, as stored. */
export type SessionValues = {
  status: InspectionStatus;
  street: string;
  city: string | null;
  state: string | null;
  zip: string | null;
  latitude: number | null;
  longitude: number | null;
  homeownerName: string | null;
  homeownerPhone: string | null;
  homeownerEmail: string | null;
  dateOfLoss: string | null;
  lossDescription: string | null;
  lossType: LossType | null;
  lossTypeSource: LossTypeSource | null;
  structures: unknown;
  carrierId: string | null;
  carrierName: string | null;
  policyNumber: string | null;
  claimNumber: string | null;
  adjusterName: string | null;
  adjusterPhone: string | null;
  adjusterEmail: string | null;
  deductibleCents: number | null;
  notes: string | null;
};

export type SessionState = SessionValues & { fieldEditedAt: Record<string, string> };

export type SessionEdit = {
  fields: SessionFields;
  editedAt: string;
  fieldEditedAt?: Partial<Record<InspectionFieldName, string>> | undefined;
};

export type MergeActivity = { kind: InspectionActivityEntry['kind']; field: string; oldValue: unknown; newValue: unknown };

export type MergeResult = {
  values: SessionValues;
  fieldEditedAt: Record<string, string>;
  /** Fields whose value changed (lossTypeSource included). */
  changed: (keyof SessionValues)[];
  activity: MergeActivity[];
};

/** Fields taken as they come; lossType (classification) and carrierName (the directory's) have rules of their own. */
const PLAIN_FIELDS = [
  'status',
  ...PROPERTY_ADDRESS_FIELDS,
  'latitude',
  'longitude',
  ...HOMEOWNER_CONTACT_FIELDS,
  'dateOfLoss',
  'lossDescription',
  'structures',
  'carrierId',
  'policyNumber',
  'claimNumber',
  'adjusterName',
  'adjusterPhone',
  'adjusterEmail',
  'deductibleCents',
  'notes',
] as const satisfies readonly (InspectionFieldName & keyof SessionValues)[];

/** Whether two stored values are the same; objects compare by content, in any key order (jsonb reorders keys). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => sameValue(item, b[index]));
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left).filter((key) => left[key] !== undefined);
  const otherKeys = Object.keys(right).filter((key) => right[key] !== undefined);
  return keys.length === otherKeys.length && keys.every((key) => sameValue(left[key], right[key]));
}

/** An empty text clears a nullable field; the street (never null) keeps ''. */
function normalise(field: keyof SessionValues, value: unknown): unknown {
  return value === '' && field !== 'street' ? null : value;
}

/** The loss type a description gives: classified from its words, nothing without one. */
function classified(description: string | null): { lossType: LossType | null; lossTypeSource: 'classified' | null } {
  return description ? { lossType: classifyLossType(description), lossTypeSource: 'classified' } : { lossType: null, lossTypeSource: null };
}

/** A type picked by hand is 'chosen', or 'overridden' when the description says otherwise. */
function pickedSource(lossType: string, description: string | null): 'chosen' | 'overridden' {
  return description && classifyLossType(description) !== lossType ? 'overridden' : 'chosen';
}

/**
 * Applies an edit to the session. `now` caps the client's edit times (an edit cannot have been made
 * after it arrived, so a device whose clock runs ahead cannot win every later conflict). `carrierNames`
 * holds the directory name of each carrier id involved (the current one and the incoming one): while a
 * carrier is set, its name is the directory's.
 */
export function mergeSessionEdit(current: SessionState, edit: SessionEdit, now: Date, carrierNames: ReadonlyMap<string, string>): MergeResult {
  const { fieldEditedAt: storedTimes, ...stored } = current;
  const values: SessionValues = { ...stored };
  const times: Record<string, string> = { ...storedTimes };
  const activity: MergeActivity[] = [];
  const fields = edit.fields as Record<string, unknown>;

  const editTime = (field: InspectionFieldName): number => Math.min(Date.parse(edit.fieldEditedAt?.[field] ?? edit.editedAt), now.getTime());
  const storedTime = (field: InspectionFieldName): number => {
    const time = times[field];
    const parsed = time === undefined ? Number.NaN : Date.parse(time);
    return Number.isNaN(parsed) ? Number.NEGATIVE_INFINITY : parsed;
  };
  /** Whether the edit of the field wins; records its time when it is the latest. Writes the superseded entry when it loses. */
  const wins = (field: InspectionFieldName, incoming: unknown, currentValue: unknown): boolean => {
    const at = editTime(field);
    const latest = storedTime(field);
    if (at < latest) {
      if (!sameValue(incoming, currentValue)) activity.push({ kind: 'edit_superseded', field, oldValue: currentValue, newValue: incoming });
      return false;
    }
    if (at > latest) times[field] = new Date(at).toISOString();
    return true;
  };
  const set = <K extends keyof SessionValues>(field: K, value: SessionValues[K], record: boolean) => {
    if (sameValue(values[field], value)) return;
    if (record) activity.push({ kind: field === 'status' ? 'status_changed' : 'field_changed', field, oldValue: values[field], newValue: value });
    values[field] = value;
  };

  for (const field of PLAIN_FIELDS) {
    if (fields[field] === undefined) continue;
    const incoming = normalise(field, fields[field]);
    if (!wins(field, incoming, values[field])) continue;
    set(field, incoming as SessionValues[typeof field], true);
  }

  // The carrier's name: the directory's while a carrier is set, free text otherwise.
  if (values.carrierId !== null) {
    const name = carrierNames.get(values.carrierId);
    if (name !== undefined && (fields.carrierId !== undefined || fields.carrierName !== undefined)) set('carrierName', name, true);
  } else if (fields.carrierName !== undefined) {
    const incoming = normalise('carrierName', fields.carrierName) as string | null;
    if (wins('carrierName', incoming, values.carrierName)) set('carrierName', incoming, true);
  }

  // Loss type: a type given is picked by hand; null returns it to the description's classification;
  // without one, a new description is classified again while the type came from classification.
  const descriptionChanged = values.lossDescription !== current.lossDescription;
  const incomingType = fields.lossType as LossType | null | undefined;
  let lossTypeApplied = false;
  if (incomingType !== undefined && wins('lossType', incomingType, values.lossType)) {
    lossTypeApplied = true;
    if (incomingType === null) {
      const next = classified(values.lossDescription);
      set('lossType', next.lossType, true);
      values.lossTypeSource = next.lossTypeSource;
    } else {
      set('lossType', incomingType, true);
      values.lossTypeSource = pickedSource(incomingType, values.lossDescription);
    }
  }
  if (!lossTypeApplied && descriptionChanged) {
    if (current.lossTypeSource === null || current.lossTypeSource === 'classified') {
      const next = classified(values.lossDescription);
      set('lossType', next.lossType, true);
      values.lossTypeSource = next.lossTypeSource;
    } else if (values.lossType !== null) {
      values.lossTypeSource = pickedSource(values.lossType, values.lossDescription);
    }
  }

  const changed = (Object.keys(values) as (keyof SessionValues)[]).filter((field) => !sameValue(values[field], stored[field]));
  return { values, fieldEditedAt: times, changed, activity };
}
