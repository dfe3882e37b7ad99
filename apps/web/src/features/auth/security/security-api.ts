import { api } from '../../../lib/api-client';

// Two-factor and session calls for /security.
export type SessionRow = { id: string; token: string; ipAddress: string | null; userAgent: string | null; updatedAt: string; createdAt: string };

export const enableTwoFactor = (password: string) => api.post<{ totpURI: string; backupCodes: string[] }>('/api/auth/two-factor/enable', { password });
export const confirmTwoFactor = (code: string) => api.post('/api/auth/two-factor/verify-totp', { code });
export const disableTwoFactor = (password: string, code: string) => api.post('/api/auth/two-factor/disable', { password, code });
export const regenerateBackupCodes = (password: string) => api.post<{ backupCodes: string[] }>('/api/auth/two-factor/generate-backup-codes', { password });
export const listSessions = () => api.get<SessionRow[]>('/api/auth/list-sessions');
export const currentSession = () => api.get<{ session: { token: string } } | null>('/api/auth/get-session');
export const revokeSession = (token: string) => api.post('/api/auth/revoke-session', { token });
export const revokeOtherSessions = () => api.post('/api/auth/revoke-other-sessions', {});
