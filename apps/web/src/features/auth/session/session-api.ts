import { api } from '../../../lib/api-client';
import type { SessionUser } from './session-cache';

type SessionResponse = { user: { id: string; email: string; name: string; twoFactorEnabled?: boolean | null } } | null;

/** GET /api/auth/get-session: the signed-in user, or null. Throws when the server cannot be reached. */
export async function fetchSessionUser(): Promise<SessionUser | null> {
  const data = await api.get<SessionResponse>('/api/auth/get-session');
  if (!data?.user) return null;
  const { id, email, name, twoFactorEnabled } = data.user;
  return { id, email, name, twoFactorEnabled: Boolean(twoFactorEnabled) };
}

export async function postSignOut(): Promise<void> {
  await api.post('/api/auth/sign-out', {});
}
