import { z } from 'zod';
import {
  reportTotalsSchema,
  structureMeasurementSchema,
  type Measurement,
  type ReportTotals,
  type StructureMeasurement,
  type StructureMeasurementData,
  type UpdateMeasurementInput,
} from '@ridgeline/shared/contracts/estimating';
import { EMPTY_LINEAR_FEET, LINEAR_KINDS, type LinearKind, type StructureMeasurementInput } from '@ridgeline/shared/domain/roof-measurements';

// The measurement calculator's form on the one form path: every box holds the text as typed, and
// the contract's structure and report-totals schemas decide what is valid once it is read as numbers.
// Numbers may carry thousands separators ("1,250"); a pitch may be typed "6" or "6/12".

export type FacetRow = { id: string; name: string; pitchRise: string; planAreaSqFt: string; lengthFt: string; widthFt: string };
export type LinearRow = Record<LinearKind, string>;
export type StructureRow = {
  structureId: string;
  name: string;
  facets: FacetRow[];
  linear: LinearRow;
  hipValleyInPlan: boolean;
  wastePct: string;
  layers: string;
  stories: string;
  roofVents: string;
  pipeJacks: string;
  sidingSqFt: string;
  damagedWindows: string;
  damagedScreens: string;
  acCondensers: string;
};
export const REPORT_LINEAR = LINEAR_KINDS;
export type ReportRow = { provider: string; totalSquares: string; predominantPitch: string; wastePct: string } & LinearRow;

const NOT_A_NUMBER = 'Enter a number, like 12 or 12.5';

/** The number typed, null when blank, NaN when it is not a number. */
export function readNumber(text: string): number | null {
  const cleaned = text
    .trim()
    .replace(/,/g, '')
    .replace(/\s*\/\s*12$/, '');
  if (cleaned === '') return null;
  return /^-?\d*\.?\d+$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}

/** A box read as a number: blank is null (or an error when `required`), anything else must be a number. */
const numberBox = (required: string | null) =>
  z.string().transform((text, ctx): number | null => {
    const value = readNumber(text);
    if (value === null) {
      if (required) ctx.addIssue({ code: 'custom', message: required });
      return null;
    }
    if (Number.isNaN(value)) {
      ctx.addIssue({ code: 'custom', message: NOT_A_NUMBER });
      return null;
    }
    return value;
  });

const facetRow = z.object({
  id: z.string(),
  name: z.string(),
  pitchRise: numberBox('Enter the pitch, like 6 for 6/12'),
  planAreaSqFt: numberBox(null),
  lengthFt: numberBox(null),
  widthFt: numberBox(null),
});
const linearRow = z.object(Object.fromEntries(LINEAR_KINDS.map((k) => [k.value, numberBox(null)])) as Record<LinearKind, ReturnType<typeof numberBox>>);

const structureRow = z
  .object({
    structureId: z.string(),
    name: z.string(),
    facets: z.array(facetRow),
    linear: linearRow,
    hipValleyInPlan: z.boolean(),
    wastePct: numberBox('Enter the waste %, like 10'),
    layers: numberBox('Enter the number of layers'),
    stories: numberBox('Enter the number of stories'),
    roofVents: numberBox(null),
    pipeJacks: numberBox(null),
    sidingSqFt: numberBox(null),
    damagedWindows: numberBox(null),
    damagedScreens: numberBox(null),
    acCondensers: numberBox(null),
  })
  .transform((row): StructureMeasurementData => ({
    ...row,
    // A pitch, waste, layers or stories left blank is an error above: the contract is not asked then.
    facets: row.facets.map((f) => ({ ...f, pitchRise: f.pitchRise ?? 0 })),
    linear: Object.fromEntries(LINEAR_KINDS.map((k) => [k.value, row.linear[k.value] ?? 0])) as Record<LinearKind, number>,
    wastePct: row.wastePct ?? 0,
    layers: row.layers ?? 0,
    stories: row.stories ?? 0,
    // A count left blank is none.
    roofVents: row.roofVents ?? 0,
    pipeJacks: row.pipeJacks ?? 0,
    sidingSqFt: row.sidingSqFt ?? 0,
    damagedWindows: row.damagedWindows ?? 0,
    damagedScreens: row.damagedScreens ?? 0,
    acCondensers: row.acCondensers ?? 0,
  }))
  .pipe(structureMeasurementSchema);

const reportRow = z
  .object({
    provider: z.string(),
    totalSquares: numberBox(null),
    predominantPitch: z.string().transform((text) => (text.trim() === '' ? null : text.trim())),
    wastePct: numberBox(null),
    ...linearRow.shape,
  })
  .transform((row): z.input<typeof reportTotalsSchema> => row)
  .pipe(reportTotalsSchema);

export const measurementFormSchema = z.object({
  /** The claim file a measurement made on its own is saved to ('' where the screen gives it). */
  projectId: z.string(),
  label: z.string(),
  structures: z.array(structureRow).min(1, 'Add a structure').max(20),
  report: reportRow,
  notes: z.string(),
});
export type MeasurementFormInput = z.input<typeof measurementFormSchema>;

/** The same form where the measurement is saved to a claim file the user picks. */
export const measurementToProjectFormSchema = measurementFormSchema.refine((form) => form.projectId !== '', {
  message: 'Choose the claim file to save the measurements to',
  path: ['projectId'],
  // Said with the other boxes' errors, not after them (the claim file is read whatever else is wrong).
  when: (payload) => typeof (payload.value as { projectId?: unknown } | undefined)?.projectId === 'string',
});
export type MeasurementFormOutput = z.output<typeof measurementFormSchema>;

const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

/** A report-totals box is worth sending when anything is in it. */
function hasReportTotals(report: ReportTotals): boolean {
  return report.provider !== '' || Object.entries(report).some(([key, value]) => key !== 'provider' && value !== null && value !== undefined);
}

/** What the form saves (the body of PUT, and of POST with the session or project added). */
export function measurementInput(output: MeasurementFormOutput): UpdateMeasurementInput {
  return {
    label: output.label.trim(),
    structures: output.structures,
    reportTotals: hasReportTotals(output.report) ? output.report : null,
    notes: output.notes.trim() === '' ? null : output.notes.trim(),
  };
}

export function blankFacet(id: string, name = ''): FacetRow {
  return { id, name, pitchRise: '', planAreaSqFt: '', lengthFt: '', widthFt: '' };
}

const blankLinear = (): LinearRow => Object.fromEntries(LINEAR_KINDS.map((k) => [k.value, ''])) as LinearRow;

/** A structure before anything is measured: the facets named, 10% waste, one layer, one story, nothing counted beyond the roof. */
export function blankStructure(structureId: string, name: string, facets: FacetRow[]): StructureRow {
  return {
    structureId,
    name,
    facets,
    linear: blankLinear(),
    hipValleyInPlan: false,
    wastePct: '10',
    layers: '1',
    stories: '1',
    roofVents: '0',
    pipeJacks: '0',
    sidingSqFt: '',
    damagedWindows: '0',
    damagedScreens: '0',
    acCondensers: '0',
  };
}

export function blankReport(): ReportRow {
  return { provider: '', totalSquares: '', predominantPitch: '', wastePct: '', ...blankLinear() };
}

function structureRowOf(s: StructureMeasurement): StructureRow {
  return {
    structureId: s.structureId,
    name: s.name,
    facets: s.facets.map((f) => ({
      id: f.id,
      name: f.name,
      pitchRise: text(f.pitchRise),
      planAreaSqFt: text(f.planAreaSqFt),
      lengthFt: text(f.lengthFt),
      widthFt: text(f.widthFt),
    })),
    linear: Object.fromEntries(LINEAR_KINDS.map((k) => [k.value, s.linear[k.value] ? String(s.linear[k.value]) : ''])) as LinearRow,
    hipValleyInPlan: s.hipValleyInPlan,
    wastePct: text(s.wastePct),
    layers: text(s.layers),
    stories: text(s.stories),
    roofVents: text(s.roofVents),
    pipeJacks: text(s.pipeJacks),
    sidingSqFt: s.sidingSqFt ? String(s.sidingSqFt) : '',
    damagedWindows: text(s.damagedWindows),
    damagedScreens: text(s.damagedScreens),
    acCondensers: text(s.acCondensers),
  };
}

/** The form's values from a saved measurement. */
export function formFromMeasurement(m: Pick<Measurement, 'label' | 'structures' | 'reportTotals' | 'notes'>): MeasurementFormInput {
  const r = m.reportTotals;
  return {
    projectId: '',
    label: m.label,
    structures: m.structures.map(structureRowOf),
    report: r
      ? {
          provider: r.provider,
          totalSquares: text(r.totalSquares),
          predominantPitch: r.predominantPitch ?? '',
          wastePct: text(r.wastePct),
          ...(Object.fromEntries(LINEAR_KINDS.map((k) => [k.value, text(r[k.value])])) as LinearRow),
        }
      : blankReport(),
    notes: m.notes ?? '',
  };
}

/** A number for the live totals: what is typed so far, 0 where nothing (or no number) is. */
const soFar = (value: string | undefined) => {
  const n = readNumber(value ?? '');
  return n === null || Number.isNaN(n) ? 0 : n;
};
const soFarOrNull = (value: string | undefined) => {
  const n = readNumber(value ?? '');
  return n === null || Number.isNaN(n) ? null : n;
};

/** A structure as typed so far, for the live arithmetic (unfinished boxes count as nothing). */
export function structureSoFar(row: Partial<StructureRow> | undefined): StructureMeasurementInput {
  const linear = { ...EMPTY_LINEAR_FEET };
  for (const k of LINEAR_KINDS) linear[k.value] = soFar(row?.linear?.[k.value]);
  return {
    facets: (row?.facets ?? []).map((f) => ({
      pitchRise: soFar(f.pitchRise),
      planAreaSqFt: soFarOrNull(f.planAreaSqFt),
      lengthFt: soFarOrNull(f.lengthFt),
      widthFt: soFarOrNull(f.widthFt),
    })),
    linear,
    hipValleyInPlan: row?.hipValleyInPlan ?? false,
    wastePct: soFar(row?.wastePct),
    layers: soFar(row?.layers),
    stories: soFar(row?.stories),
    roofVents: soFar(row?.roofVents),
    pipeJacks: soFar(row?.pipeJacks),
    sidingSqFt: soFar(row?.sidingSqFt),
    damagedWindows: soFar(row?.damagedWindows),
    damagedScreens: soFar(row?.damagedScreens),
    acCondensers: soFar(row?.acCondensers),
  };
}

type SessionStructure = { id: string; name: string; kind: string; slopes: readonly { direction: string }[] };

/**
 * A session's calculator before anything is saved: one structure per structure of the session with
 * a roof (a fence has none), each with a facet per roof slope recorded there (one when none is).
 */
export function formFromSessionStructures(structures: readonly SessionStructure[], newId: () => string): MeasurementFormInput {
  const roofs = structures.filter((s) => s.kind !== 'fence');
  const rows = roofs.map((s) =>
    blankStructure(s.id, s.name, s.slopes.length > 0 ? s.slopes.map((slope) => blankFacet(newId(), `${slope.direction} slope`)) : [blankFacet(newId())]),
  );
  return {
    projectId: '',
    label: '',
    structures: rows.length > 0 ? rows : [blankStructure(newId(), 'Main house', [blankFacet(newId())])],
    report: blankReport(),
    notes: '',
  };
}
