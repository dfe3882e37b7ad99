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

/**
 * What a member made is theirs to change; owners and managers change anyone's (the directory entry a
 * colleague added, a photo a colleague took). `madeBy` is null when nobody is recorded (the maker's
 * account was deleted, or the row is older than the rule): only owners and managers change it then.
 */
export function canChangeMadeBy(role: CompanyRole, userId: string, madeBy: string | null): boolean {
  return canManageCompany(role) || (madeBy !== null && madeBy === userId);
}

/**
 * Who a new claim file is assigned to when its creator names nobody: a member who starts a claim file
 * is the one working it (so their own figures count it); an owner or manager often opens one for a
 * rep, so theirs waits unassigned. Naming someone, or nobody (null), is always the creator's choice.
 */
export function defaultAssignee(role: CompanyRole, userId: string): string | null {
  return role === 'member' ? userId : null;
}
