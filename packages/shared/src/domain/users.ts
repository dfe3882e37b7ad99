/** The name a person is shown by: first and last name, else the account name, else the e-mail. */
export function displayName(person: { firstName?: string | null; lastName?: string | null; name?: string | null; email?: string | null }): string {
  const full = `${person.firstName ?? ''} ${person.lastName ?? ''}`.trim();
  return full || person.name?.trim() || person.email || '';
}

/**
 * Whether an account is disabled: better-auth's ban is the one source of truth. A ban with no end
 * lasts until an admin lifts it; a ban whose end has passed no longer counts.
 */
export function isBanActive(user: { banned?: boolean | null; banExpires?: Date | string | null }, now: number = Date.now()): boolean {
  if (!user.banned) return false;
  return !user.banExpires || new Date(user.banExpires).getTime() > now;
}
