import { describe, expect, it } from 'vitest';
import { serviceTypeName } from './service-types';

describe('serviceTypeName', () => {
  it('names the four service types', () => {
    expect(serviceTypeName('xact360')).toBe('Xact360');
    expect(serviceTypeName('copy_over_only')).toBe('Copy-Over');
    expect(serviceTypeName('supplement360')).toBe('Supplement360');
    expect(serviceTypeName('ugo_assisted')).toBe('UGO Assisted');
  });

  it('turns any other value into words: underscores to spaces, each word capitalised', () => {
    expect(serviceTypeName('full_roof_replacement')).toBe('Full Roof Replacement');
    expect(serviceTypeName('gutters')).toBe('Gutters');
    expect(serviceTypeName('__odd__value_')).toBe('Odd Value');
    expect(serviceTypeName('')).toBe('');
  });
});
