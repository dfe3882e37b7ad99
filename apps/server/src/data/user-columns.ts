import { companies, members, user } from '../infra/db/schema/index';

// Accounts belong to better-auth; several features select the same fields of one. These column
// sets are written once so the admin list, impersonation, the profile and the identity reader read
// a user alike.

/** Who the account is: its id, address and names. */
export const userNameColumns = {
  id: user.id,
  email: user.email,
  name: user.name,
  firstName: user.firstName,
  lastName: user.lastName,
};

/** What access decisions read: the platform role and better-auth's ban. */
export const userAccessColumns = { role: user.role, banned: user.banned, banExpires: user.banExpires };

/** The user's membership (one company per user), for a query joining members and companies. */
export const membershipColumns = { companyId: members.companyId, companyName: companies.name, companyRole: members.role };
