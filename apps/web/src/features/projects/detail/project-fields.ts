import { z } from 'zod';
import { updateProjectSchema, type Project, type UpdateProjectInput } from '@ridgeline/shared/contracts/projects';
import { LOSS_TYPE_VALUES, lossTypeLabel, type LossType } from '@ridgeline/shared/domain/loss-types';
import { serviceTypeName } from '@ridgeline/shared/domain/service-types';
import { formatCents, parseDollars } from '../../../lib/money';
import { formatDay as formatCalendarDay } from '../../../lib/dates';

// The fields of a claim file as the overview shows and edits them, one at a time: their labels, the
// kind of input each takes, the editor's text for the current value, and the schema that turns the
// typed text into the PATCH value (the contract's own schema of that field, after the text is read).

export type EditableField = keyof UpdateProjectInput;

export type FieldKind = 'text' | 'textarea' | 'tel' | 'email' | 'date' | 'money' | 'number' | 'select';

export const FIELD_LABELS: Record<EditableField, string> = {
  title: 'Title',
  homeownerName: 'Homeowner',
  homeownerPhone: 'Homeowner phone',
  homeownerEmail: 'Homeowner email',
  street: 'Street',
  city: 'City',
  state: 'State',
  zip: 'ZIP code',
  latitude: 'Latitude',
  longitude: 'Longitude',
  carrierId: 'Carrier',
  adjusterId: 'Adjuster',
  policyNumber: 'Policy number',
  claimNumber: 'Claim number',
  dateOfLoss: 'Date of loss',
  lossType: 'Loss type',
  lossDescription: 'Loss description',
  deductibleCents: 'Deductible',
  rcvCents: 'RCV',
  acvCents: 'ACV',
  depreciationCents: 'Depreciation',
  serviceType: 'Service type',
  assigneeId: 'Assignee',
};

/** The kind of input each field takes. */
export const FIELD_KINDS: Record<EditableField, FieldKind> = {
  title: 'text',
  homeownerName: 'text',
  homeownerPhone: 'tel',
  homeownerEmail: 'email',
  street: 'text',
  city: 'text',
  state: 'text',
  zip: 'text',
  latitude: 'number',
  longitude: 'number',
  carrierId: 'select',
  adjusterId: 'select',
  policyNumber: 'text',
  claimNumber: 'text',
  dateOfLoss: 'date',
  lossType: 'select',
  lossDescription: 'textarea',
  deductibleCents: 'money',
  rcvCents: 'money',
  acvCents: 'money',
  depreciationCents: 'money',
  serviceType: 'select',
  assigneeId: 'select',
};

/** Fields a claim file cannot be without: an empty value is refused instead of cleared. */
const REQUIRED: ReadonlySet<EditableField> = new Set(['title', 'homeownerName', 'street']);

/** The label of a field as the timeline names it (contract names, and the names of the linked records). */
export function fieldLabel(field: string): string {
  if (field in FIELD_LABELS) return FIELD_LABELS[field as EditableField];
  const aliases: Record<string, string> = { carrier: 'Carrier', adjuster: 'Adjuster', assignee: 'Assignee', status: 'Status' };
  return aliases[field] ?? field.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (first) => first.toUpperCase());
}

/** The field's current value as the contract's PATCH value (ids for the linked records). */
export function currentValue(project: Project, field: EditableField): string | number | null {
  switch (field) {
    case 'carrierId':
      return project.carrier?.id ?? null;
    case 'adjusterId':
      return project.adjuster?.id ?? null;
    case 'assigneeId':
      return project.assignee?.id ?? null;
    default:
      return project[field];
  }
}

/** The text the field's editor starts with; a classified loss type starts as "classify" (blank). */
export function editorText(project: Project, field: EditableField): string {
  if (field === 'lossType' && project.lossTypeSource === 'classified') return '';
  const value = currentValue(project, field);
  if (value === null) return '';
  if (FIELD_KINDS[field] === 'money' && typeof value === 'number') return (value / 100).toFixed(2);
  return String(value);
}

/** Whether the edited value is what the project already has (then nothing is sent); "classify" is unchanged for a classified type. */
export function isUnchanged(project: Project, field: EditableField, value: unknown): boolean {
  if (field === 'lossType' && value === null) return project.lossTypeSource === 'classified';
  return value === currentValue(project, field);
}

const isLossType = (value: string): value is LossType => (LOSS_TYPE_VALUES as readonly string[]).includes(value);

/** "Apr 3, 2026" for "2026-04-03" (a calendar day, no time zone). */
export function formatDay(day: string): string {
  return formatCalendarDay(day);
}

/** A value of a field in words: money as dollars, loss and service types by name, days as dates; an em dash for none. */
export function formatFieldValue(field: string, value: string | null): string {
  if (value === null || value === '') return '—';
  if (field.endsWith('Cents') && /^-?\d+$/.test(value)) return formatCents(Number(value));
  if (field === 'lossType' && isLossType(value)) return lossTypeLabel(value);
  if (field === 'serviceType') return serviceTypeName(value);
  if ((field === 'dateOfLoss' || field === 'dueDate') && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDay(value);
  return value;
}

/** How the overview shows a field's current value. */
export function displayValue(project: Project, field: EditableField): string {
  switch (field) {
    case 'carrierId':
      return project.carrier?.name ?? project.carrierName ?? '—';
    case 'adjusterId':
      return project.adjuster ? [project.adjuster.name, project.adjuster.phone, project.adjuster.email].filter(Boolean).join(' · ') : '—';
    case 'assigneeId':
      return project.assignee?.name ?? 'Unassigned';
    default: {
      const value = project[field];
      return formatFieldValue(field, value === null ? null : String(value));
    }
  }
}

/** The typed text of a field, read as its PATCH value: blank clears (required fields refuse it), money is dollars. */
function textReader(field: EditableField): z.ZodType<unknown, string> {
  const label = FIELD_LABELS[field];
  const kind = FIELD_KINDS[field];
  return z.string().transform((text, context) => {
    const trimmed = text.trim();
    if (trimmed === '') {
      if (REQUIRED.has(field)) {
        context.addIssue({ code: 'custom', message: `${label} cannot be empty.` });
        return z.NEVER;
      }
      return null;
    }
    if (kind === 'money') {
      const cents = parseDollars(trimmed);
      if (cents === undefined) {
        context.addIssue({ code: 'custom', message: 'Enter an amount in dollars, like 1,250.00.' });
        return z.NEVER;
      }
      return cents;
    }
    if (kind === 'number') {
      const number = Number(trimmed);
      if (!Number.isFinite(number)) {
        context.addIssue({ code: 'custom', message: 'Enter a number, like 32.7767.' });
        return z.NEVER;
      }
      return number;
    }
    return text;
  });
}

/** The inline editor's schema: `{ value }`, the typed text read and then checked by the contract's schema of the field. */
export function inlineFieldSchema(field: EditableField) {
  const contract: z.ZodType = updateProjectSchema.shape[field];
  return z.object({ value: textReader(field).pipe(contract) });
}
