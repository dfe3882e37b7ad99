import { describe, expect, it } from 'vitest';
import { agoText } from '../../lib/relative-time';
import { activityText, dayText, fieldWords, nearLimit, plural, type DashboardActivity } from './words';

const entry = (overrides: Partial<DashboardActivity>): DashboardActivity => ({
  id: 'a1',
  projectId: 'p1',
  projectTitle: 'Smith roof',
  kind: 'created',
  actor: { id: 'u1', name: 'Alice Roof' },
  field: null,
  oldValue: null,
  newValue: null,
  body: null,
  createdAt: '2026-11-20T10:00:00Z',
  ...overrides,
});

describe('dashboard words', () => {
  it('writes every kind of activity as a sentence with who and which claim file', () => {
    expect(activityText(entry({ kind: 'created' }))).toBe('Alice Roof created Smith roof');
    expect(activityText(entry({ kind: 'status_changed', oldValue: 'Lead', newValue: 'Inspected' }))).toBe('Alice Roof moved Smith roof from Lead to Inspected');
    expect(activityText(entry({ kind: 'status_changed', newValue: 'Lead' }))).toBe('Alice Roof moved Smith roof to Lead');
    expect(activityText(entry({ kind: 'field_changed', field: 'homeownerName', oldValue: 'Jo', newValue: 'Joe' }))).toBe(
      'Alice Roof changed the homeowner name of Smith roof from “Jo” to “Joe”',
    );
    expect(activityText(entry({ kind: 'field_changed', field: 'claimNumber', newValue: 'C-1' }))).toBe(
      'Alice Roof set the claim number of Smith roof to “C-1”',
    );
    expect(activityText(entry({ kind: 'field_changed', field: 'rcvCents', oldValue: '100' }))).toBe('Alice Roof cleared the RCV of Smith roof');
    expect(activityText(entry({ kind: 'note', body: 'Called them' }))).toBe('Alice Roof added a note on Smith roof: “Called them”');
    expect(activityText(entry({ kind: 'task_created', body: 'Call' }))).toBe('Alice Roof added the task “Call” on Smith roof');
    expect(activityText(entry({ kind: 'task_completed', body: 'Call' }))).toBe('Alice Roof completed the task “Call” on Smith roof');
    expect(activityText(entry({ kind: 'task_reopened', body: 'Call' }))).toBe('Alice Roof reopened the task “Call” on Smith roof');
    expect(activityText(entry({ kind: 'task_deleted', body: 'Call' }))).toBe('Alice Roof deleted the task “Call” on Smith roof');
    expect(activityText(entry({ kind: 'file_uploaded', body: 'scope.pdf' }))).toBe('Alice Roof uploaded scope.pdf to Smith roof');
    expect(activityText(entry({ kind: 'file_deleted', body: 'scope.pdf' }))).toBe('Alice Roof deleted scope.pdf from Smith roof');
    expect(activityText(entry({ kind: 'archived' }))).toBe('Alice Roof archived Smith roof');
    expect(activityText(entry({ kind: 'unarchived', actor: null }))).toBe('Someone brought Smith roof back from the archive');
    expect(activityText(entry({ kind: 'inspection_attached', body: '12 Oak St' }))).toBe('Alice Roof attached the inspection “12 Oak St” to Smith roof');
    expect(activityText(entry({ kind: 'proposal_signed', actor: null, body: 'Jordan Reyes signed the proposal: Better - $8,667.00' }))).toBe(
      'Jordan Reyes signed the proposal: Better - $8,667.00 (Smith roof)',
    );
  });

  it('names fields in words', () => {
    expect(fieldWords('dateOfLoss')).toBe('date of loss');
    expect(fieldWords('policyNumber')).toBe('policy number');
    expect(fieldWords('carrierId')).toBe('carrier');
  });

  it('reads a due date as a calendar day, not a UTC instant', () => {
    expect(dayText('2026-01-05')).toBe('Jan 5, 2026');
    expect(dayText('not-a-date')).toBe('not-a-date');
  });

  it('says how long ago', () => {
    const now = new Date('2026-11-20T12:00:00Z');
    expect(agoText('2026-11-20T11:59:30Z', now)).toBe('just now');
    expect(agoText('2026-11-20T11:55:00Z', now)).toMatch(/5 minutes ago/);
    expect(agoText('2026-11-19T12:00:00Z', now)).toMatch(/yesterday|1 day ago/);
  });

  it('counts and the near-limit rule (80 % of the slots or more)', () => {
    expect(plural(1, 'project', 'projects')).toBe('1 project');
    expect(plural(0, 'project', 'projects')).toBe('0 projects');
    expect(nearLimit(19, 25)).toBe(false);
    expect(nearLimit(20, 25)).toBe(true);
    expect(nearLimit(25, 25)).toBe(true);
    expect(nearLimit(7, 10)).toBe(false);
    expect(nearLimit(8, 10)).toBe(true);
  });
});
