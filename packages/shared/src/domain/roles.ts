/** Platform roles on the user; contractor is the sign-up default. */
export const PLATFORM_ROLES = ['admin', 'contractor'] as const;
export type PlatformRole = (typeof PLATFORM_ROLES)[number];

/** Roles inside one company (organization membership). */
export const COMPANY_ROLES = ['owner', 'manager', 'member'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

/** Owners and managers change the team and the company profile. */
export function canManageCompany(role: CompanyRole): boolean {
  return role === 'owner' || role === 'manager';
}
