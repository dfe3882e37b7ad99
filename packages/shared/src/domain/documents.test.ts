import { describe, expect, it } from 'vitest';
import { documentFileName, fillCoverLetter } from './documents';

describe('documentFileName', () => {
  it('keeps a title to characters every system accepts, as a .pdf', () => {
    expect(documentFileName('Photo report - 12 Shingle Way')).toBe('Photo report - 12 Shingle Way.pdf');
    expect(documentFileName('Roof "A"/B: \r\nx')).toBe('Roof -A-B- -x.pdf');
    expect(documentFileName('Résumé ü')).toBe('Resume u.pdf');
    expect(documentFileName('../..')).toBe('document.pdf');
    expect(documentFileName('x'.repeat(300))).toBe(`${'x'.repeat(120)}.pdf`);
  });
});

describe('fillCoverLetter', () => {
  it('fills known fields, shows a missing one by its label, and leaves unknown names as written', () => {
    expect(fillCoverLetter('Claim {{claim_number}} for {{ homeowner_name }}; {{policy_number}}; {{nope}}', { claim_number: 'CLM-1', homeowner_name: 'Pat' })).toBe(
      'Claim CLM-1 for Pat; [Policy number]; {{nope}}',
    );
  });
});
