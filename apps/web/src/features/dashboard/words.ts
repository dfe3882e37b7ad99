import type { Dashboard } from '@ridgeline/shared/contracts/dashboard';
import { formatDay } from '../../lib/dates';

// The dashboard's sentences: counts, dates and activity entries in plain words.

export type DashboardActivity = Dashboard['recentActivity'][number];

/** '1 project', '3 projects'. */
export function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** A YYYY-MM-DD date as the user's locale writes a day ('Nov 20, 2026'), read as a calendar day, not a UTC instant. */
export function dayText(isoDate: string): string {
  return formatDay(isoDate);
}

/** The words of a project field as activity names it (the contract's field name). */
const FIELD_WORDS: Record<string, string> = {
  rcvCents: 'RCV',
  acvCents: 'ACV',
  deductibleCents: 'deductible',
  depreciationCents: 'depreciation',
  carrierId: 'carrier',
  adjusterId: 'adjuster',
  assigneeId: 'assignee',
  zip: 'ZIP code',
  dateOfLoss: 'date of loss',
  serviceType: 'service type',
};

/** A contract field name in words: 'homeownerName' -> 'homeowner name'. */
export function fieldWords(field: string): string {
  return FIELD_WORDS[field] ?? field.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

const quoted = (text: string) => `“${text}”`;

/** One activity entry as a sentence: who did what on which claim file. */
export function activityText(entry: DashboardActivity): string {
  const who = entry.actor?.name ?? 'Someone';
  const on = entry.projectTitle;
  const body = entry.body ?? '';
  switch (entry.kind) {
    case 'created':
      return `${who} created ${on}`;
    case 'status_changed':
      // A move made by itself names its cause (decision 042).
      if (entry.body) return `${on} moved from ${entry.oldValue ?? 'no status'} to ${entry.newValue ?? 'no status'} because ${entry.body}`;
      return entry.oldValue
        ? `${who} moved ${on} from ${entry.oldValue} to ${entry.newValue ?? 'no status'}`
        : `${who} moved ${on} to ${entry.newValue ?? 'no status'}`;
    case 'field_changed': {
      const field = fieldWords(entry.field ?? 'a field');
      if (entry.newValue === null) return `${who} cleared the ${field} of ${on}`;
      if (entry.oldValue === null) return `${who} set the ${field} of ${on} to ${quoted(entry.newValue)}`;
      return `${who} changed the ${field} of ${on} from ${quoted(entry.oldValue)} to ${quoted(entry.newValue)}`;
    }
    case 'note':
      return `${who} added a note on ${on}: ${quoted(body)}`;
    case 'task_created':
      return `${who} added the task ${quoted(body)} on ${on}`;
    case 'task_completed':
      return `${who} completed the task ${quoted(body)} on ${on}`;
    case 'task_reopened':
      return `${who} reopened the task ${quoted(body)} on ${on}`;
    case 'task_deleted':
      return `${who} deleted the task ${quoted(body)} on ${on}`;
    case 'file_uploaded':
      // No one uploaded a file the product added itself (a homeowner's signed proposal).
      return entry.actor ? `${who} uploaded ${body || 'a file'} to ${on}` : `${body || 'A file'} was added to ${on}`;
    case 'file_deleted':
      return `${who} deleted ${body || 'a file'} from ${on}`;
    case 'archived':
      return `${who} archived ${on}`;
    case 'unarchived':
      return `${who} brought ${on} back from the archive`;
    case 'inspection_attached':
      return body ? `${who} attached the inspection ${quoted(body)} to ${on}` : `${who} attached an inspection to ${on}`;
    case 'proposal_signed':
      return body ? `${body} (${on})` : `The homeowner signed the proposal for ${on}`;
    case 'status_suggested':
      return `Suggested moving ${on} from ${entry.oldValue ?? 'no status'} to ${entry.newValue ?? 'no status'} because ${body}`;
    case 'shingle_identified':
      return body ? `${who} identified the shingle on ${on}: ${body}` : `${who} saved a shingle identification to ${on}`;
    case 'service_ordered':
      return `${who} ordered ${body ?? 'a service'} for ${on}`;
    case 'service_cancelled':
      return `${who} canceled ${body ?? 'a service order'} for ${on}`;
    case 'service_delivered':
      return `Ridgeline delivered ${body ?? 'a service order'} for ${on}`;
  }
}

/** Whether the company is close enough to its plan's limit to be told (80 % of the slots or more). */
export function nearLimit(active: number, limit: number): boolean {
  return limit > 0 && active >= Math.ceil(limit * 0.8);
}
