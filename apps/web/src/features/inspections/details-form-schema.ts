import { z } from 'zod';
import { inspectionFieldsSchema, type InspectionFields, type InspectionSession, type Structure } from '@ridgeline/shared/contracts/inspections';
import type { Project } from '@ridgeline/shared/contracts/projects';
import { STRUCTURE_KIND_VALUES, type InspectionArea, type StructureKind } from '@ridgeline/shared/domain/field-capture';
import { newClientId } from '../../offline/inspection-store';
import { structureKindLabel } from './session-words';
import { blankIsNull } from '../../lib/blank-is-null';

// The property-and-loss form of a session (new, new-offline, and editing those details) on the one
// form path: the contract's field rules, with each field as people type it. Empty boxes become null,
// the loss type's "as classified" choice is null (the description is classified with the shared rules).

const fields = inspectionFieldsSchema.shape;

export const structureRowSchema = z.object({
  id: z.string(),
  kind: z.enum(STRUCTURE_KIND_VALUES),
  name: z.string().trim().min(1, 'Name the structure, like "Main house".').max(80, 'Keep the name under 80 characters.'),
});

export const detailsFormSchema = z.object({
  street: z.string().trim().min(1, 'Enter the street address of the property.').pipe(fields.street.unwrap()),
  city: blankIsNull(fields.city.unwrap()),
  state: blankIsNull(fields.state.unwrap()),
  zip: blankIsNull(fields.zip.unwrap()),
  homeownerName: blankIsNull(fields.homeownerName.unwrap()),
  homeownerPhone: fields.homeownerPhone,
  homeownerEmail: fields.homeownerEmail,
  dateOfLoss: blankIsNull(fields.dateOfLoss.unwrap()),
  lossDescription: blankIsNull(fields.lossDescription.unwrap()),
  /** '' keeps the classification of the description. */
  lossType: z
    .string()
    .transform((value) => (value === '' ? null : value))
    .pipe(fields.lossType.unwrap()),
  structures: z.array(structureRowSchema).min(1, 'Add at least one structure.').max(20, 'At most 20 structures.'),
});

export type DetailsFormInput = z.input<typeof detailsFormSchema>;
export type DetailsFormOutput = z.output<typeof detailsFormSchema>;

/** What is inspected on a new structure until the areas step says otherwise. */
export function defaultAreas(kind: StructureKind): InspectionArea[] {
  if (kind === 'fence') return ['collateral'];
  if (kind === 'other') return [];
  return ['roof', 'front', 'right', 'rear', 'left'];
}

export function newStructureRow(kind: StructureKind = 'main_house'): DetailsFormInput['structures'][number] {
  return { id: newClientId(), kind, name: structureKindLabel(kind) };
}

export const EMPTY_DETAILS: DetailsFormInput = {
  street: '',
  city: '',
  state: '',
  zip: '',
  homeownerName: '',
  homeownerPhone: '',
  homeownerEmail: '',
  dateOfLoss: '',
  lossDescription: '',
  lossType: '',
  structures: [],
};

const text = (value: string | null | undefined) => value ?? '';

/** The form filled from a claim file (a session started from a project). */
export function detailsFromProject(project: Project): DetailsFormInput {
  return {
    ...EMPTY_DETAILS,
    street: project.street,
    city: text(project.city),
    state: text(project.state),
    zip: text(project.zip),
    homeownerName: project.homeownerName,
    homeownerPhone: text(project.homeownerPhone),
    homeownerEmail: text(project.homeownerEmail),
    dateOfLoss: text(project.dateOfLoss),
    lossDescription: text(project.lossDescription),
    lossType: project.lossTypeSource === 'classified' ? '' : project.lossType,
    structures: [newStructureRow()],
  };
}

/** The form filled from a session's current values (editing its details). */
export function detailsFromSession(session: InspectionSession): DetailsFormInput {
  return {
    street: session.street,
    city: text(session.city),
    state: text(session.state),
    zip: text(session.zip),
    homeownerName: text(session.homeownerName),
    homeownerPhone: text(session.homeownerPhone),
    homeownerEmail: text(session.homeownerEmail),
    dateOfLoss: text(session.dateOfLoss),
    lossDescription: text(session.lossDescription),
    lossType: session.lossTypeSource === 'classified' || session.lossType === null ? '' : session.lossType,
    structures: session.structures.map((s) => ({ id: s.id, kind: s.kind, name: s.name })),
  };
}

/**
 * The session fields of the submitted form. Structures keep the areas and slopes they had; a new
 * one starts with its kind's usual areas. A new session leaves out what is empty, so a session
 * started from a project is filled from it by the server where the form had nothing.
 */
export function detailsToFields(
  output: DetailsFormOutput,
  existing: Structure[],
  { creating, classified = true }: { creating: boolean; /** Whether the session's loss type is the description's classification now. */ classified?: boolean },
): InspectionFields {
  const structures: Structure[] = output.structures.map((row) => {
    const before = existing.find((s) => s.id === row.id);
    return { id: row.id, kind: row.kind, name: row.name, areas: before?.areas ?? defaultAreas(row.kind), slopes: before?.slopes ?? [] };
  });
  const { structures: _rows, lossType, ...rest } = output;
  // "As classified" is left out while the type is classified already (the server classifies the
  // description with the shared rules); null after a type was chosen by hand goes back to the classification.
  const sendType = lossType !== null || !classified;
  const result: InspectionFields = { ...rest, structures, ...(sendType ? { lossType } : {}) };
  if (!creating) return result;
  return Object.fromEntries(Object.entries(result).filter(([, value]) => value !== null && value !== undefined)) as InspectionFields;
}
