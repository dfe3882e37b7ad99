import type { BillingState } from '@ridgeline/shared/domain/billing';
import type { CompanyRole, PlatformRole } from '@ridgeline/shared/domain/roles';

// Who is acting and for which company: the use cases, policies and repositories take these
// explicitly, so they live here, below http/ and the features, and know nothing of HTTP.

/** The signed-in actor, resolved from the session cookie. */
export type Actor = {
  userId: string;
  email: string;
  role: PlatformRole;
  sessionId: string;
  impersonatedBy: string | null;
};

/** The actor's company: every tenant query filters by companyId. */
export type Tenant = { companyId: string; role: CompanyRole };

/**
 * Everything the gates and guards need to know about the caller, read with one indexed query per
 * request (session by token, its user and membership; expired sessions are not found).
 */
export type Identity = Actor & {
  banned: boolean;
  banExpires: Date | null;
  /** The user's company, or null for a user without one. */
  tenant: Tenant | null;
  /** The company's billing state (read with the identity): the billing gate turns writes away when it is read-only. */
  companyBilling: BillingState | null;
  /** The user's own fields and company name, read in the same query, so GET /api/me needs no query of its own. */
  profile: IdentityProfile;
};

export type IdentityProfile = { firstName: string; lastName: string; name: string; phone: string | null; image: string | null; companyName: string | null };
