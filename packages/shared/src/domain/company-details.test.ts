import { describe, expect, it } from 'vitest';
import { companyDetailsMessage, DEFAULT_COMPANY_NAME, missingCompanyDetails } from './company-details';

describe('company details a letterhead needs', () => {
  it('names each of name, address and phone that is blank; the sign-up default name counts as none', () => {
    expect(missingCompanyDetails({ name: 'Summit Roofing', address: '1 Main St', phone: '555-0100' })).toEqual([]);
    expect(missingCompanyDetails({ name: 'Summit Roofing', address: null, phone: '  ' })).toEqual(['address', 'phone']);
    expect(missingCompanyDetails({ name: DEFAULT_COMPANY_NAME, address: '1 Main St', phone: null })).toEqual(['name', 'phone']);
  });

  it('says what to add, where, and why', () => {
    expect(companyDetailsMessage(['address'], 'a claim packet')).toBe(
      "Add your company's address in Settings before making a claim packet: it is printed on its letterhead.",
    );
    expect(companyDetailsMessage(['name', 'address', 'phone'], 'a proposal')).toBe(
      "Add your company's name, address and phone number in Settings before making a proposal: they are printed on its letterhead.",
    );
  });
});
