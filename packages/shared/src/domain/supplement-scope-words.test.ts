import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICE_LIST } from './estimate';
import { recogniseScopeLine } from './supplement';

describe('recogniseScopeLine', () => {
  it('recognises each line of the default price list as its own item', () => {
    for (const item of DEFAULT_PRICE_LIST) expect(recogniseScopeLine(item.description), item.description).toBe(item.code);
  });

  it('reads a shingle line priced with felt as shingles, and felt alone as underlayment', () => {
    expect(recogniseScopeLine('Laminated - comp. shingle rfg. - w/ felt')).toBe('shingles');
    expect(recogniseScopeLine('Roofing felt - 15 lb.')).toBe('underlayment');
    expect(recogniseScopeLine('Remove Laminated - comp. shingle rfg. - w/out felt')).toBe('tear_off');
  });
});
