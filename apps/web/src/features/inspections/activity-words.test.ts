import { describe, expect, it } from 'vitest';
import type { InspectionActivityEntry } from '@ridgeline/shared/contracts/inspections';
import { activityText } from './activity-words';

const entry = (over: Partial<InspectionActivityEntry>): InspectionActivityEntry => ({
  id: 'a1',
  kind: 'created',
  field: null,
  oldValue: null,
  newValue: null,
  body: null,
  actor: null,
  createdAt: '2026-06-01T12:00:00.000Z',
  ...over,
});

describe('the session timeline in words', () => {
  it('says what happened, with what it happened to', () => {
    expect(activityText(entry({ kind: 'created', body: '12 Elm Street' }))).toBe('Inspection started: 12 Elm Street');
    expect(activityText(entry({ kind: 'photo_uploaded', body: 'a.jpg' }))).toBe('Photo uploaded: a.jpg');
    expect(activityText(entry({ kind: 'photo_deleted', body: 'a.jpg' }))).toBe('Photo deleted: a.jpg');
    expect(activityText(entry({ kind: 'photo_restored', body: null }))).toBe('Photo restored');
    expect(activityText(entry({ kind: 'converted', body: 'Claim: 12 Elm Street' }))).toBe('Converted to a claim file: Claim: 12 Elm Street');
  });

  it('keeps both values of a change, money in dollars', () => {
    expect(activityText(entry({ kind: 'field_changed', field: 'deductibleCents', oldValue: null, newValue: 125050 }))).toBe(
      'Deductible changed from — to $1,250.50',
    );
    expect(activityText(entry({ kind: 'edit_superseded', field: 'street', oldValue: '2 Oak', newValue: '1 Oak' }))).toContain(
      'an earlier edit (1 Oak) arrived after a later one and was not applied; it stays 2 Oak',
    );
  });
});
