import { describe, expect, it } from 'vitest';
import { BLANK_INSPECTION_CONTENT } from '@ridgeline/shared/contracts/inspections';
import { mergeSessionEdit, sameValue, type SessionState } from './session-merge';

const blank: SessionState = {
  ...BLANK_INSPECTION_CONTENT,
  fieldEditedAt: {},
};

const now = new Date('2026-06-01T13:00:00.000Z');
const t = (minute: number) => new Date(Date.UTC(2026, 5, 1, 12, minute)).toISOString();
const none = new Map<string, string>();

describe('sameValue', () => {
  it('compares stored JSON by content in any key order, and tells different values apart', () => {
    const structure = { id: 'main', name: 'House', kind: 'main_house', areas: ['roof'], slopes: [{ direction: 'N', testSquareHits: 3 }] };
    // PostgreSQL's jsonb hands keys back in its own order.
    const fromJsonb = { id: 'main', kind: 'main_house', name: 'House', areas: ['roof'], slopes: [{ testSquareHits: 3, direction: 'N' }] };
    expect(sameValue([structure], [fromJsonb])).toBe(true);
    expect(sameValue([structure], [{ ...fromJsonb, slopes: [{ testSquareHits: 4, direction: 'N' }] }])).toBe(false);
    expect(sameValue(['roof', 'front'], ['front', 'roof'])).toBe(false);
    expect(sameValue(null, '')).toBe(false);
    expect(sameValue(0, null)).toBe(false);
  });
});

describe('mergeSessionEdit', () => {
  it('applies an edit at the same time as the stored one and keeps an earlier one out, recording both', () => {
    const current = { ...blank, street: '1 A St', notes: 'kept', fieldEditedAt: { street: t(10), notes: t(10) } };
    const result = mergeSessionEdit(current, { editedAt: t(10), fieldEditedAt: { notes: t(9) }, fields: { street: '2 B St', notes: 'late' } }, now, none);
    expect(result.values).toMatchObject({ street: '2 B St', notes: 'kept' });
    expect(result.changed).toEqual(['street']);
    expect(result.activity).toEqual([
      { kind: 'field_changed', field: 'street', oldValue: '1 A St', newValue: '2 B St' },
      { kind: 'edit_superseded', field: 'notes', oldValue: 'kept', newValue: 'late' },
    ]);
    expect(result.fieldEditedAt).toEqual({ street: t(10), notes: t(10) });
  });

  it('records nothing for a late edit of the value already stored, and does not change the input state', () => {
    const current = { ...blank, notes: 'same', fieldEditedAt: { notes: t(10) } };
    const result = mergeSessionEdit(current, { editedAt: t(5), fields: { notes: 'same' } }, now, none);
    expect(result.activity).toEqual([]);
    expect(result.changed).toEqual([]);
    expect(current).toEqual({ ...blank, notes: 'same', fieldEditedAt: { notes: t(10) } });
  });

  it('caps an edit time in the future at now', () => {
    const result = mergeSessionEdit(blank, { editedAt: '2099-01-01T00:00:00.000Z', fields: { notes: 'ahead' } }, now, none);
    expect(result.fieldEditedAt).toEqual({ notes: now.toISOString() });
  });

  it('turns empty text into null except for the street', () => {
    const current = { ...blank, street: '1 A St', city: 'Austin' };
    const result = mergeSessionEdit(current, { editedAt: t(1), fields: { street: '', city: '' } }, now, none);
    expect(result.values).toMatchObject({ street: '', city: null });
  });

  it('writes a status change as status_changed', () => {
    const result = mergeSessionEdit(blank, { editedAt: t(1), fields: { status: 'completed' } }, now, none);
    expect(result.activity).toEqual([{ kind: 'status_changed', field: 'status', oldValue: 'in_progress', newValue: 'completed' }]);
  });

  it("keeps an earlier loss type choice out once a later one is stored, and takes the directory's carrier name", () => {
    const current: SessionState = { ...blank, lossDescription: 'hail', lossType: 'wind', lossTypeSource: 'overridden', fieldEditedAt: { lossType: t(20) } };
    const late = mergeSessionEdit(current, { editedAt: t(10), fields: { lossType: null } }, now, none);
    expect(late.values).toMatchObject({ lossType: 'wind', lossTypeSource: 'overridden' });
    expect(late.activity).toEqual([{ kind: 'edit_superseded', field: 'lossType', oldValue: 'wind', newValue: null }]);

    const carrierId = '4b9b6f3e-3c1a-4a57-9d1c-1b8e0a6f2c11';
    const withCarrier = mergeSessionEdit(blank, { editedAt: t(1), fields: { carrierId, carrierName: 'Typed' } }, now, new Map([[carrierId, 'State Farm']]));
    expect(withCarrier.values).toMatchObject({ carrierId, carrierName: 'State Farm' });
    expect(withCarrier.fieldEditedAt).toEqual({ carrierId: t(1) });
  });
});
