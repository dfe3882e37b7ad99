import { api } from '../api-client';
import type { SessionUser } from './session-cache';

type SessionResponse = {
  user: {
    id: string;
    email: string;
    name: string;
    firstName?: string | null;
    lastName?: string | null;
    twoFactorEnabled?: boolean | null;
    banned?: boolean | null;
    banExpires?: string | null;
  };
  session?: { impersonatedBy?: string | null };
} | null;

const banActive = (user: { banned?: boolean | null; banExpires?: string | null }) =>
  Boolean(user.banned) && (!user.banExpires || new Date(user.banExpires).getTime() > Date.now());

/** GET /api/auth/get-session: the signed-in user, or null. Throws when the server cannot be reached. */
export async function fetchSessionUser(): Promise<SessionUser | null> {
  const data = await api.get<SessionResponse>('/api/auth/get-session', { urgent: true });
  if (!data?.user) return null;
  const { id, email, name, firstName, lastName, twoFactorEnabled } = data.user;
  const impersonatedBy = data.session?.impersonatedBy;
  return {
    id,
    email,
    name,
    ...(firstName ? { firstName } : {}),
    ...(lastName ? { lastName } : {}),
    twoFactorEnabled: Boolean(twoFactorEnabled),
    isEnabled: !banActive(data.user),
    ...(impersonatedBy ? { impersonatedBy } : {}),
  };
}

/** POST /api/auth/sign-out. */
export async function postSignOut(): Promise<void> {
  await api.post('/api/auth/sign-out', {}, { urgent: true });
}
