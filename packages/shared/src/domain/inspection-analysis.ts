// What an inspection found, as one recommendation with the facts that led to it:
// - 'replace' when any directional slope's test square has at least the company's threshold of hail
//   hits (8 by default);
// - otherwise 'not enough evidence' when a required shot is missing or a slope's test square has no
//   hit count (the file cannot carry a repair-or-replace argument yet), or when nothing documents damage;
// - otherwise 'repair' when damage photos exist but no slope reaches the threshold.
// Missing shots are still listed with a 'replace', as what is left to complete the file.

export const DEFAULT_HAIL_HIT_THRESHOLD = 8;

export type Recommendation = 'replace' | 'repair' | 'not_enough_evidence';

export const RECOMMENDATION_LABELS: Record<Recommendation, string> = {
  replace: 'Replace',
  repair: 'Repair',
  not_enough_evidence: 'Not enough evidence',
};

export type AnalysisSlope = { structureName: string; direction: string; testSquareHits: number | null };

export type AnalysisInput = {
  /** Every directional slope of the structures whose roof is inspected. */
  slopes: readonly AnalysisSlope[];
  /** Labels of the required shots that have no photo yet. */
  missingRequiredShots: readonly string[];
  /** Photos in the damage category (hail, wind crease, missing shingle ...). */
  damagePhotoCount: number;
  threshold: number;
};

export type Analysis = {
  recommendation: Recommendation;
  /** The facts that decided it, in the order they count. */
  reasons: string[];
};

const slopeName = (s: AnalysisSlope) => `${s.structureName} ${s.direction} slope`;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The recommendation and its reasons (see the rule at the top of this file). */
export function analyseInspection(input: AnalysisInput): Analysis {
  const { slopes, missingRequiredShots, damagePhotoCount, threshold } = input;
  const reaching = slopes.filter((s) => s.testSquareHits !== null && s.testSquareHits >= threshold);
  const uncounted = slopes.filter((s) => s.testSquareHits === null);
  const missing =
    missingRequiredShots.length > 0 ? [`${plural(missingRequiredShots.length, 'required shot')} missing: ${missingRequiredShots.join(', ')}.`] : [];

  if (reaching.length > 0) {
    return {
      recommendation: 'replace',
      reasons: [
        ...reaching.map((s) => `${slopeName(s)}: test square has ${plural(s.testSquareHits ?? 0, 'hit')}, at or above the threshold of ${threshold}.`),
        ...missing,
      ],
    };
  }
  const belowThreshold = slopes
    .filter((s) => s.testSquareHits !== null)
    .map((s) => `${slopeName(s)}: ${plural(s.testSquareHits ?? 0, 'hit')}, below the threshold of ${threshold}.`);
  if (slopes.length === 0)
    return { recommendation: 'not_enough_evidence', reasons: ['No test square is recorded: no roof slope was added to the inspection.', ...missing] };
  if (uncounted.length > 0 || missing.length > 0) {
    return {
      recommendation: 'not_enough_evidence',
      reasons: [...uncounted.map((s) => `${slopeName(s)}: no test square recorded.`), ...missing, ...belowThreshold],
    };
  }
  if (damagePhotoCount > 0) {
    return {
      recommendation: 'repair',
      reasons: [`${plural(damagePhotoCount, 'damage photo')} taken.`, ...belowThreshold],
    };
  }
  return { recommendation: 'not_enough_evidence', reasons: ['No damage photo was taken.', ...belowThreshold] };
}
