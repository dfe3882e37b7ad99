import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { OFFLINE_MESSAGES } from '@ridgeline/shared/domain/auth-messages';
import { notify } from '../../lib/toast';
import { answerAll, apiError, json, sent, type ApiRoute, type Reply } from '../../test/fake-server';
import SecurityPage from './security-page';
import { describeDevice } from './security/sessions-card';
import { controlBrowserOnline, renderWithSession } from '../../test/render-with-session';
import { alice, answerSession } from '../../test/session-fakes';

vi.mock('../../lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

const browser = controlBrowserOnline();

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const sessions = [
  { id: 's1', token: 'tok-this', ipAddress: '10.0.0.1', userAgent: CHROME, updatedAt: '2026-03-02T09:00:00Z', createdAt: '2026-03-01T09:00:00Z' },
  { id: 's2', token: 'tok-other', ipAddress: '10.0.0.2', userAgent: IPHONE, updatedAt: '2026-03-01T09:00:00Z', createdAt: '2026-03-01T08:00:00Z' },
];

/** Renders /security signed in as `user`: the fake server's session, on this device ('tok-this'). */
function renderSecurity(user = alice) {
  answerSession(user, { token: 'tok-this' });
  renderWithSession(<SecurityPage />, { url: '/security', queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }) });
}

// The session itself (GET /api/auth/get-session) is answered by renderSecurity.
const baseRoutes: Partial<Record<ApiRoute, Reply>> = {
  'GET /api/auth/list-sessions': json(sessions),
};

describe('/security', () => {
  it("has the h1 'Security' and the title 'Security - Ridgeline'", async () => {
    answerAll(baseRoutes);
    renderSecurity();
    expect(screen.getByRole('heading', { level: 1, name: 'Security' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Security - Ridgeline'));
  });

  it('changes the password with its toasts, and refuses offline', async () => {
    answerAll({ ...baseRoutes, 'POST /api/auth/change-password': json({ status: true }) });
    renderSecurity();
    await userEvent.type(screen.getByLabelText('Current password'), 'old-password-1');
    await userEvent.type(screen.getByLabelText('New password'), 'new-password-22');
    await userEvent.click(screen.getByRole('button', { name: 'Update password' }));
    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith(
        'Password Updated!',
        'Your password has been successfully updated. You have been signed out on your other devices.',
      ),
    );
    expect(sent('POST /api/auth/change-password')[0]?.body).toEqual({ currentPassword: 'old-password-1', newPassword: 'new-password-22' });

    browser.online = false;
    await userEvent.type(screen.getByLabelText('Current password'), 'old-password-1');
    await userEvent.type(screen.getByLabelText('New password'), 'new-password-33');
    const before = sent().length;
    await userEvent.click(screen.getByRole('button', { name: 'Update password' }));
    expect(notify.error).toHaveBeenCalledWith('Update Password Error', OFFLINE_MESSAGES.updatePassword);
    expect(sent().length).toBe(before);
  });

  it('a refused password change shows the Update Password Error toast', async () => {
    answerAll({ ...baseRoutes, 'POST /api/auth/change-password': apiError('INVALID_PASSWORD', { message: 'Invalid password' }) });
    renderSecurity();
    await userEvent.type(screen.getByLabelText('Current password'), 'wrong-password');
    await userEvent.type(screen.getByLabelText('New password'), 'new-password-22');
    await userEvent.click(screen.getByRole('button', { name: 'Update password' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Update Password Error', 'Invalid password'));
  });

  it('enrols two-factor: QR code and secret, then confirms with a code and shows recovery codes', async () => {
    answerAll({
      ...baseRoutes,
      'POST /api/auth/two-factor/enable': json({
        totpURI: 'otpauth://totp/Ridgeline:alice%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Ridgeline',
        backupCodes: ['aaaa-1111', 'bbbb-2222'],
      }),
      'POST /api/auth/two-factor/verify-totp': json({ token: 't' }),
    });
    renderSecurity();
    const card = within(screen.getByRole('region', { name: 'Two-factor authentication' }));
    expect(await card.findByText('Off')).toBeInTheDocument();
    await userEvent.type(card.getByLabelText('Confirm your password'), 'secret-password');
    await userEvent.click(card.getByRole('button', { name: 'Set up two-factor' }));
    expect(await card.findByRole('img', { name: /QR code/ })).toHaveAttribute('src', expect.stringMatching(/^data:image\/png;base64,/));
    expect(card.getByTestId('totp-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    await userEvent.type(card.getByLabelText('Code from the app'), '123456');
    await userEvent.click(card.getByRole('button', { name: 'Turn on two-factor' }));
    expect(await card.findByRole('heading', { name: 'Recovery codes' })).toBeInTheDocument();
    expect(card.getByText('aaaa-1111')).toBeInTheDocument();
    expect(sent('POST /api/auth/two-factor/verify-totp')[0]?.body).toEqual({ code: '123456' });
  });

  it('disables two-factor with the password and a code', async () => {
    answerAll({ ...baseRoutes, 'POST /api/auth/two-factor/disable': json({ status: true }) });
    renderSecurity({ ...alice, twoFactorEnabled: true });
    const card = within(screen.getByRole('region', { name: 'Two-factor authentication' }));
    expect(await card.findByText('On')).toBeInTheDocument();
    await userEvent.type(card.getByLabelText('Password'), 'secret-password');
    await userEvent.type(card.getByLabelText('Code from the app'), '654321');
    await userEvent.click(card.getByRole('button', { name: 'Turn off two-factor' }));
    await waitFor(() => expect(sent('POST /api/auth/two-factor/disable')[0]?.body).toEqual({ password: 'secret-password', code: '654321' }));
  });

  it('lists sessions with device, IP and This device, and signs out one or all others', async () => {
    answerAll({ ...baseRoutes, 'POST /api/auth/revoke-session': json({ status: true }), 'POST /api/auth/revoke-other-sessions': json({ status: true }) });
    renderSecurity();
    const card = within(screen.getByRole('region', { name: 'Where you are signed in' }));
    expect(await card.findByText('This device')).toBeInTheDocument();
    expect(card.getByText('Chrome on Windows')).toBeInTheDocument();
    expect(card.getByText(/IP 10\.0\.0\.2/)).toBeInTheDocument();
    await userEvent.click(card.getByRole('button', { name: 'Sign out Safari on iOS' }));
    await waitFor(() => expect(sent('POST /api/auth/revoke-session')[0]?.body).toEqual({ token: 'tok-other' }));
    await userEvent.click(card.getByRole('button', { name: 'Sign out all other sessions' }));
    await waitFor(() => expect(sent('POST /api/auth/revoke-other-sessions')).toHaveLength(1));
  });

  it('describes devices from user agents', () => {
    expect(describeDevice(CHROME)).toBe('Chrome on Windows');
    expect(describeDevice(IPHONE)).toBe('Safari on iOS');
    expect(describeDevice(null)).toBe('Unknown device');
  });
});
