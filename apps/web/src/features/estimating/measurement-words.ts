import { PITCH_TIERS, type PitchTier } from '@ridgeline/shared/domain/roof-measurements';
import { formatDateTime } from '../../lib/dates';

// How the measurement screens write numbers: feet and squares with at most 2 decimals, factors with 3.

const twoPlaces = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const threePlaces = new Intl.NumberFormat('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 });

/** "1,118.03" */
export const formatNumber = (n: number) => twoPlaces.format(n);
/** "1.118" */
export const formatFactor = (n: number) => threePlaces.format(n);
/** "11.18 SQ" */
export const formatSquares = (n: number) => `${twoPlaces.format(n)} SQ`;
/** "1,118.03 sq ft" */
export const formatSqFt = (n: number) => `${twoPlaces.format(n)} sq ft`;

export const tierLabel = (tier: PitchTier) => PITCH_TIERS.find((t) => t.value === tier)?.label ?? tier;

/** "Jan 5, 2026, 2:05 PM": a plain local date and time. */
export function formatUpdated(iso: string): string {
  return formatDateTime(iso);
}
