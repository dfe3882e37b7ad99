import type { Estimate, EstimateLine, PriceListItem } from '@ridgeline/shared/contracts/estimating';
import { buildEstimateLines, estimateTotals, type EstimateSettings, type EstimateTotals, type FormulaInputs } from '@ridgeline/shared/domain/estimate';
import type { StructureMeasurementInput } from '@ridgeline/shared/domain/roof-measurements';
import { supplementCheck, type CarrierScopeLine, type SupplementItem } from '@ridgeline/shared/domain/supplement';
import { newClientId } from '../../../offline/inspection-store';
import { formatDate } from '../../../lib/dates';

// The estimate as it is being edited: lines, depreciation, O&P, the carrier's scope. Totals and the
// supplement check are always the shared functions over it (the server computes the same on save).

export type EstimateDraft = EstimateSettings & {
  lines: EstimateLine[];
  carrierScope: CarrierScopeLine[];
  notes: string | null;
};

export const newLineId = (): string => newClientId();

export const emptyDraft = (lines: EstimateLine[] = []): EstimateDraft => ({
  lines,
  depreciationMode: 'overall',
  overallDepreciationBp: 0,
  opEnabled: false,
  carrierScope: [],
  notes: null,
});

export function draftFromEstimate(estimate: Estimate): EstimateDraft {
  return {
    lines: estimate.lines,
    depreciationMode: estimate.depreciationMode,
    overallDepreciationBp: estimate.overallDepreciationBp,
    opEnabled: estimate.opEnabled,
    carrierScope: estimate.carrierScope,
    notes: estimate.notes,
  };
}

/** The formula lines of a measurement (with the damage the inspection recorded and the company's ice barrier rule), priced from the company's list. */
export function formulaLines(structures: readonly StructureMeasurementInput[], priceList: readonly PriceListItem[], inputs: FormulaInputs): EstimateLine[] {
  return buildEstimateLines(structures, priceList, newLineId, inputs);
}

/** Formula lines built again from the measurement; lines added by hand stay, after them. */
export function recalculated(
  draft: EstimateDraft,
  structures: readonly StructureMeasurementInput[],
  priceList: readonly PriceListItem[],
  inputs: FormulaInputs,
): EstimateDraft {
  return { ...draft, lines: [...formulaLines(structures, priceList, inputs), ...draft.lines.filter((line) => line.source === 'manual')] };
}

export function draftTotals(draft: EstimateDraft): EstimateTotals {
  return estimateTotals(draft.lines, draft);
}

export function draftSupplement(draft: EstimateDraft): SupplementItem[] {
  return draft.carrierScope.length === 0 ? [] : supplementCheck(draft.lines, draftTotals(draft), draft.carrierScope);
}

/** JSON with every object's keys in order, so two values saying the same compare equal. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v,
  );
}

/** Whether the draft says the same as a saved version (what a save would send). */
export function sameAsSaved(draft: EstimateDraft, saved: Estimate | undefined): boolean {
  return saved !== undefined && canonical(draft) === canonical(draftFromEstimate(saved));
}

/** "12.5%" for 1250 basis points. */
export function percentText(bp: number): string {
  return `${Number((bp / 100).toFixed(2))}%`;
}

/** Basis points from a typed percentage ("12.5", "12.5%"): null when empty, undefined when not a percentage from 0 to 100. */
export function parsePercent(text: string): number | null | undefined {
  const cleaned = text.replace(/[%\s]/g, '');
  if (cleaned === '') return null;
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return undefined;
  const bp = Math.round(Number(cleaned) * 100);
  return bp > 10_000 ? undefined : bp;
}

/** A quantity as people read it: up to 2 decimals, no trailing zeros. */
export function quantityText(quantity: number): string {
  return String(Number(quantity.toFixed(2)));
}

/** "Nov 23, 2026" */
export function dateText(iso: string): string {
  return formatDate(iso);
}
