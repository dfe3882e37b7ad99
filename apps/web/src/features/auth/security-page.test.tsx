import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_MESSAGES } from '@ridgeline/shared/domain/auth-messages';
import { notify } from '../../lib/toast';
import SecurityPage from './security-page';
import { describeDevice } from './security/sessions-card';
import { createSessionCache } from '../../lib/session/session-cache';
import { createSessionMachine } from '../../lib/session/session-machine';
import { SessionProvider } from '../../lib/session/session-provider';
import { alice, memoryStore } from '../../lib/session/session-test-fakes';

vi.mock('../../lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

type Reply = { status?: number; body?: unknown };
const calls: { method: string; path: string; body: unknown }[] = [];
let online = true;

function fakeServer(routes: Record<string, Reply>) {
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const method = init?.method ?? 'GET';
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, path: String(input), body });
      const reply = routes[`${method} ${String(input)}`] ?? { status: 500, body: null };
      return new Response(JSON.stringify(reply.body ?? null), { status: reply.status ?? 200 });
    }),
  );
}

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const sessions = [
  { id: 's1', token: 'tok-this', ipAddress: '10.0.0.1', userAgent: CHROME, updatedAt: '2026-03-02T09:00:00Z', createdAt: '2026-03-01T09:00:00Z' },
  { id: 's2', token: 'tok-other', ipAddress: '10.0.0.2', userAgent: IPHONE, updatedAt: '2026-03-01T09:00:00Z', createdAt: '2026-03-01T08:00:00Z' },
];

function renderSecurity(user = alice) {
  const machine = createSessionMachine({
    fetchSession: () => Promise.resolve(user),
    cache: createSessionCache(memoryStore()),
    network: { isOnline: () => true, onOnline: () => () => undefined },
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/security']}>
        <SessionProvider machine={machine}>
          <SecurityPage />
        </SessionProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const baseRoutes = {
  'GET /api/auth/list-sessions': { body: sessions },
  'GET /api/auth/get-session': { body: { session: { token: 'tok-this' }, user: alice } },
};

beforeEach(() => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('/security', () => {
  it("has the h1 'Security' and the title 'Security - Ridgeline'", async () => {
    fakeServer(baseRoutes);
    renderSecurity();
    expect(screen.getByRole('heading', { level: 1, name: 'Security' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Security - Ridgeline'));
  });

  it('changes the password with the spec toasts, and refuses offline', async () => {
    fakeServer({ ...baseRoutes, 'POST /api/auth/change-password': { body: { status: true } } });
    renderSecurity();
    await userEvent.type(screen.getByLabelText('Current password'), 'old-password-1');
    await userEvent.type(screen.getByLabelText('New password'), 'new-password-22');
    await userEvent.click(screen.getByRole('button', { name: 'Update password' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Password Updated!', 'Your password has been successfully updated.'));
    expect(calls.find((c) => c.path === '/api/auth/change-password')?.body).toEqual({ currentPassword: 'old-password-1', newPassword: 'new-password-22' });

    online = false;
    await userEvent.type(screen.getByLabelText('Current password'), 'old-password-1');
    await userEvent.type(screen.getByLabelText('New password'), 'new-password-33');
    const before = calls.length;
    await userEvent.click(screen.getByRole('button', { name: 'Update password' }));
    expect(notify.error).toHaveBeenCalledWith('Update Password Error', OFFLINE_MESSAGES.updatePassword);
    expect(calls.length).toBe(before);
  });

  it('a refused password change shows the Update Password Error toast', async () => {
    fakeServer({ ...baseRoutes, 'POST /api/auth/change-password': { status: 400, body: { error: { message: 'Invalid password', code: 'INVALID_PASSWORD', timestamp: '', requestId: 'r' } } } });
    renderSecurity();
    await userEvent.type(screen.getByLabelText('Current password'), 'wrong-password');
    await userEvent.type(screen.getByLabelText('New password'), 'new-password-22');
    await userEvent.click(screen.getByRole('button', { name: 'Update password' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Update Password Error', 'Invalid password'));
  });

  it('enrols two-factor: QR code and secret, then confirms with a code and shows recovery codes', async () => {
    fakeServer({
      ...baseRoutes,
      'POST /api/auth/two-factor/enable': { body: { totpURI: 'otpauth://totp/Ridgeline:alice%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Ridgeline', backupCodes: ['aaaa-1111', 'bbbb-2222'] } },
      'POST /api/auth/two-factor/verify-totp': { body: { token: 't' } },
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
    expect(calls.find((c) => c.path === '/api/auth/two-factor/verify-totp')?.body).toEqual({ code: '123456' });
  });

  it('disables two-factor with the password and a code', async () => {
    fakeServer({ ...baseRoutes, 'POST /api/auth/two-factor/disable': { body: { status: true } } });
    renderSecurity({ ...alice, twoFactorEnabled: true });
    const card = within(screen.getByRole('region', { name: 'Two-factor authentication' }));
    expect(await card.findByText('On')).toBeInTheDocument();
    await userEvent.type(card.getByLabelText('Password'), 'secret-password');
    await userEvent.type(card.getByLabelText('Code from the app'), '654321');
    await userEvent.click(card.getByRole('button', { name: 'Turn off two-factor' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/api/auth/two-factor/disable')?.body).toEqual({ password: 'secret-password', code: '654321' }));
  });

  it('lists sessions with device, IP and This device, and signs out one or all others', async () => {
    fakeServer({ ...baseRoutes, 'POST /api/auth/revoke-session': { body: { status: true } }, 'POST /api/auth/revoke-other-sessions': { body: { status: true } } });
    renderSecurity();
    const card = within(screen.getByRole('region', { name: 'Where you are signed in' }));
    expect(await card.findByText('This device')).toBeInTheDocument();
    expect(card.getByText('Chrome on Windows')).toBeInTheDocument();
    expect(card.getByText(/IP 10\.0\.0\.2/)).toBeInTheDocument();
    await userEvent.click(card.getByRole('button', { name: 'Sign out Safari on iOS' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/api/auth/revoke-session')?.body).toEqual({ token: 'tok-other' }));
    await userEvent.click(card.getByRole('button', { name: 'Sign out all other sessions' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/auth/revoke-other-sessions')).toBe(true));
  });

  it('describes devices from user agents', () => {
    expect(describeDevice(CHROME)).toBe('Chrome on Windows');
    expect(describeDevice(IPHONE)).toBe('Safari on iOS');
    expect(describeDevice(null)).toBe('Unknown device');
  });
});
