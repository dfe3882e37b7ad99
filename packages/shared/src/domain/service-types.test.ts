import { describe, expect, it } from 'vitest';
import { SERVICE_TYPES, serviceTypeName } from './service-types';

describe('service type names', () => {
  it('names the four service types as people read them', () => {
    expect(SERVICE_TYPES.map((type) => [type.value, serviceTypeName(type.value)])).toEqual([
      ['xact360', 'Xact360'],
      ['copy_over_only', 'Copy-Over'],
      ['supplement360', 'Supplement360'],
      ['ugo_assisted', 'UGO Assisted'],
    ]);
  });

  it('falls back to underscores as spaces and each word capitalised', () => {
    expect(serviceTypeName('roof_inspection')).toBe('Roof Inspection');
    expect(serviceTypeName('full_claim_management')).toBe('Full Claim Management');
    expect(serviceTypeName('estimate')).toBe('Estimate');
    expect(serviceTypeName('desk_review_2')).toBe('Desk Review 2');
  });

  it('keeps the rest of a word as written and drops empty words', () => {
    expect(serviceTypeName('xactimate_PRO')).toBe('Xactimate PRO');
    expect(serviceTypeName('__double__underscore_')).toBe('Double Underscore');
    expect(serviceTypeName('')).toBe('');
  });

  it('matches the known names exactly (no case folding)', () => {
    expect(serviceTypeName('XACT360')).toBe('XACT360');
    expect(serviceTypeName('copy_over')).toBe('Copy Over');
  });
});
