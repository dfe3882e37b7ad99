import type { InspectionSummary } from '@ridgeline/shared/contracts/inspections';
import { formatDate, formatMonthDay } from '../../lib/dates';

// A claim file's inspections (decision 041): the first is its inspection, each later one a
// re-inspection, each named by the day it started ("the inspection of Dec 1").

/** The day an inspection started: "Dec 1" in the current year, "Dec 1, 2025" before. */
export function inspectionDay(createdAt: string, now = new Date()): string {
  return new Date(createdAt).getFullYear() === now.getFullYear() ? formatMonthDay(createdAt) : formatDate(createdAt);
}

/** The claim file's inspections, the one started first first, each with its name. */
export function claimFileInspections(sessions: readonly InspectionSummary[]): { session: InspectionSummary; name: 'Inspection' | 'Re-inspection' }[] {
  return [...sessions]
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id))
    .map((session, i) => ({ session, name: i === 0 ? 'Inspection' : 'Re-inspection' }));
}

/** The inspection a new one on the claim file would continue: the one worked on last (the list is newest activity first). */
export function inspectionToContinue(sessions: readonly InspectionSummary[]): InspectionSummary | null {
  return sessions[0] ?? null;
}
