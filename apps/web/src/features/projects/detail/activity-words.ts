import type { ActivityEntry } from '@ridgeline/shared/contracts/projects';
import { fieldLabel, formatFieldValue } from './project-fields';
import { formatDateTime } from '../../../lib/dates';

// Each kind of timeline entry in words: who did what, with the old and new value of a change.

/** A status as the timeline may name it: by id (looked up) or by name. */
export type StatusNames = ReadonlyMap<string, string>;

function statusName(value: string | null, statuses: StatusNames): string {
  if (value === null || value === '') return 'no status';
  return statuses.get(value) ?? value;
}

const quoted = (text: string | null) => (text ? `“${text}”` : 'a task');

/** "Alex moved the project from Lead to Inspected", "Alex changed Claim number from A to B"... */
export function activitySentence(entry: ActivityEntry, statuses: StatusNames = new Map()): string {
  const who = entry.actor?.name ?? 'Someone';
  switch (entry.kind) {
    case 'created':
      return `${who} created the claim file`;
    case 'status_changed':
      // A move made by itself names its cause (decision 042).
      if (entry.body)
        return `The claim file moved from ${statusName(entry.oldValue, statuses)} to ${statusName(entry.newValue, statuses)} because ${entry.body}`;
      return `${who} moved the claim file from ${statusName(entry.oldValue, statuses)} to ${statusName(entry.newValue, statuses)}`;
    case 'field_changed':
      return `${who} ${fieldChange(entry.field ?? '', entry.oldValue, entry.newValue)}`;
    case 'note':
      return `${who} added a note`;
    case 'task_created':
      return `${who} added the task ${quoted(entry.body)}`;
    case 'task_completed':
      return `${who} completed the task ${quoted(entry.body)}`;
    case 'task_reopened':
      return `${who} reopened the task ${quoted(entry.body)}`;
    case 'task_deleted':
      return `${who} deleted the task ${quoted(entry.body)}`;
    case 'file_uploaded':
      // No one uploaded a file the product added itself (a homeowner's signed proposal).
      return entry.actor ? `${who} uploaded ${entry.body ?? 'a file'}` : `${entry.body ?? 'A file'} was added to the files`;
    case 'file_deleted':
      return `${who} deleted the file ${entry.body ?? ''}`.trimEnd();
    case 'archived':
      return `${who} archived the claim file`;
    case 'unarchived':
      return `${who} restored the claim file from the archive`;
    case 'inspection_attached':
      return entry.body ? `${who} attached the inspection “${entry.body}”` : `${who} attached an inspection`;
    case 'proposal_signed':
      return entry.body ?? 'The homeowner signed the proposal';
    case 'status_suggested':
      return `Suggested moving the claim file from ${statusName(entry.oldValue, statuses)} to ${statusName(entry.newValue, statuses)} because ${entry.body ?? 'of its events'}`;
    case 'shingle_identified':
      return entry.body ? `${who} saved a shingle identification: ${entry.body}` : `${who} saved a shingle identification`;
    case 'service_ordered':
      return `${who} ordered ${entry.body ?? 'a service'}`;
    case 'service_cancelled':
      return `${who} canceled ${entry.body ?? 'a service order'}`;
    case 'service_delivered':
      return `Ridgeline delivered ${entry.body ?? 'a service order'}`;
  }
}

/** "changed Claim number from A to B", "set Claim number to B", "cleared Claim number (was A)". */
export function fieldChange(field: string, oldValue: string | null, newValue: string | null): string {
  const label = fieldLabel(field);
  const hadValue = oldValue !== null && oldValue !== '';
  const hasValue = newValue !== null && newValue !== '';
  if (!hadValue) return `set ${label} to ${formatFieldValue(field, newValue)}`;
  if (!hasValue) return `cleared ${label} (was ${formatFieldValue(field, oldValue)})`;
  return `changed ${label} from ${formatFieldValue(field, oldValue)} to ${formatFieldValue(field, newValue)}`;
}

/** "Nov 23, 2026, 4:12 PM" */
export function formatWhen(iso: string): string {
  return formatDateTime(iso) || iso;
}
