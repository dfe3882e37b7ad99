// The company details a document's letterhead prints: its name, address and phone (the logo when
// there is one). A document never prints a stand-in for them: a claim packet or a proposal is made
// only once all three are filled in; until then the app asks for them and the API refuses with
// 422 COMPANY_DETAILS_MISSING naming what is missing.

/** The name a company gets when none was given at sign-up: not a name to print. */
export const DEFAULT_COMPANY_NAME = 'My company';

export const COMPANY_DETAILS = [
  { key: 'name', label: 'name' },
  { key: 'address', label: 'address' },
  { key: 'phone', label: 'phone number' },
] as const;
export type CompanyDetail = (typeof COMPANY_DETAILS)[number]['key'];

export type CompanyDetailValues = { name: string | null; address: string | null; phone: string | null };

const blank = (value: string | null) => value === null || value.trim() === '';

/** The details a letterhead needs that the company has not filled in, in the order the form asks. */
export function missingCompanyDetails(company: CompanyDetailValues): CompanyDetail[] {
  return COMPANY_DETAILS.filter(({ key }) => {
    const value = company[key];
    return blank(value) || (key === 'name' && value?.trim() === DEFAULT_COMPANY_NAME);
  }).map(({ key }) => key);
}

/** "address", "address and phone number", "name, address and phone number". */
export function companyDetailsList(missing: readonly CompanyDetail[]): string {
  const labels = COMPANY_DETAILS.filter(({ key }) => missing.includes(key)).map(({ label }) => label);
  if (labels.length <= 1) return labels[0] ?? '';
  return `${labels.slice(0, -1).join(', ')} and ${labels.at(-1) ?? ''}`;
}

/** The words of the refusal: "Add your company's address and phone number in Settings before making a claim packet: ..." */
export function companyDetailsMessage(missing: readonly CompanyDetail[], made: string): string {
  return `Add your company's ${companyDetailsList(missing)} in Settings before making ${made}: ${missing.length === 1 ? 'it is' : 'they are'} printed on its letterhead.`;
}
