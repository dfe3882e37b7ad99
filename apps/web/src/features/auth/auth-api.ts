import type { SignInInput, SignUpInput } from '@ridgeline/shared/contracts/auth';
import { invitationPreviewSchema } from '@ridgeline/shared/contracts/team';
import { api } from '../../lib/api-client';
import { browserTimeZone } from '../../lib/dates';

// The auth calls, each through the one API client.
export type SignInResult = { twoFactorRedirect?: boolean; user?: { id: string } };

export const signInWithPassword = (input: SignInInput) => api.post<SignInResult>('/api/auth/sign-in/email', input);
/** The new company takes the browser's time zone (its documents print times in it). */
export const signUp = (input: SignUpInput) => api.post('/api/auth/sign-up/email', { ...input, timeZone: input.timeZone ?? browserTimeZone() ?? undefined });
export const userExistsByEmail = (email: string) => api.post<boolean>('/api/rpc/user_exists_by_email', { _email: email });
export const resetPasswordForEmail = (email: string) => api.post('/api/auth/request-password-reset', { email });
export const resetPassword = (token: string, newPassword: string) => api.post('/api/auth/reset-password', { token, newPassword });
export const updatePassword = (currentPassword: string, newPassword: string) => api.post('/api/auth/change-password', { currentPassword, newPassword });

/** Factor calls: a challenge, then the code with the challenge id. */
export async function verifyTotpFactor(code: string): Promise<void> {
  const challenge = await api.post<{ id: string }>('/api/auth/factors/totp/challenge', { channel: 'totp' });
  await api.post('/api/auth/factors/totp/verify', { code, challenge_id: challenge.id });
}
export const verifyBackupCode = (code: string) => api.post('/api/auth/two-factor/verify-backup-code', { code });

export const getInvitation = (id: string) => api.get(`/api/invitations/${id}`, { schema: invitationPreviewSchema });
export const acceptInvitation = (id: string) => api.post(`/api/invitations/${id}/accept`, {});
