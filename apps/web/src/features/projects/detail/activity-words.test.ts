import { describe, expect, it } from 'vitest';
import type { ActivityEntry } from '@ridgeline/shared/contracts/projects';
import { activitySentence, fieldChange } from './activity-words';

const entry = (overrides: Partial<ActivityEntry>): ActivityEntry => ({
  id: 'a1',
  projectId: 'p1',
  kind: 'note',
  actor: { id: 'u1', name: 'Alex' },
  field: null,
  oldValue: null,
  newValue: null,
  body: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  ...overrides,
});

describe('activitySentence', () => {
  it('says each kind in words, with who', () => {
    expect(activitySentence(entry({ kind: 'created' }))).toBe('Alex created the claim file');
    expect(activitySentence(entry({ kind: 'status_changed', field: 'status', oldValue: 'Lead', newValue: 'Inspected' }))).toBe(
      'Alex moved the claim file from Lead to Inspected',
    );
    expect(
      activitySentence(
        entry({ kind: 'status_changed', oldValue: 's1', newValue: 's2' }),
        new Map([
          ['s1', 'Lead'],
          ['s2', 'Paid'],
        ]),
      ),
    ).toBe('Alex moved the claim file from Lead to Paid');
    expect(activitySentence(entry({ kind: 'field_changed', field: 'claimNumber', oldValue: 'A', newValue: 'B' }))).toBe(
      'Alex changed Claim number from A to B',
    );
    expect(activitySentence(entry({ kind: 'note', body: 'Called' }))).toBe('Alex added a note');
    expect(activitySentence(entry({ kind: 'task_created', body: 'Call' }))).toBe('Alex added the task “Call”');
    expect(activitySentence(entry({ kind: 'task_completed', body: 'Call' }))).toBe('Alex completed the task “Call”');
    expect(activitySentence(entry({ kind: 'task_reopened', body: 'Call' }))).toBe('Alex reopened the task “Call”');
    expect(activitySentence(entry({ kind: 'task_deleted', body: 'Call' }))).toBe('Alex deleted the task “Call”');
    expect(activitySentence(entry({ kind: 'file_uploaded', body: 'a.pdf' }))).toBe('Alex uploaded a.pdf');
    // The homeowner's signed proposal: kept by the product, uploaded by no company user.
    expect(activitySentence(entry({ kind: 'file_uploaded', actor: null, body: 'Signed proposal - Pat Miller.pdf' }))).toBe(
      'Signed proposal - Pat Miller.pdf was added to the files',
    );
    expect(activitySentence(entry({ kind: 'file_deleted', body: 'a.pdf' }))).toBe('Alex deleted the file a.pdf');
    expect(activitySentence(entry({ kind: 'archived' }))).toBe('Alex archived the claim file');
    expect(activitySentence(entry({ kind: 'unarchived', actor: null }))).toBe('Someone restored the claim file from the archive');
    expect(activitySentence(entry({ kind: 'inspection_attached', body: '12 Oak St' }))).toBe('Alex attached the inspection “12 Oak St”');
    expect(activitySentence(entry({ kind: 'proposal_signed', actor: null, body: 'Jordan Reyes signed the proposal: Better - $8,667.00' }))).toBe(
      'Jordan Reyes signed the proposal: Better - $8,667.00',
    );
  });

  it('shows values in words: money, loss types, service types, days; set and cleared', () => {
    expect(fieldChange('rcvCents', '100000', '125050')).toBe('changed RCV from $1,000.00 to $1,250.50');
    expect(fieldChange('lossType', 'hail', 'wind')).toBe('changed Loss type from Hail to Wind');
    expect(fieldChange('serviceType', null, 'copy_over_only')).toBe('set Service type to Copy-Over');
    expect(fieldChange('dateOfLoss', '2026-04-03', null)).toBe('cleared Date of loss (was Apr 3, 2026)');
  });
});
