import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMAIL_ALREADY_REGISTERED_MESSAGE, OFFLINE_MESSAGES } from '@ridgeline/shared/domain/auth-messages';
import { notify } from '../../lib/toast';
import AuthPage from './auth-page';
import { createSessionCache } from '../../lib/session/session-cache';
import { createSessionMachine } from '../../lib/session/session-machine';
import { SessionProvider } from '../../lib/session/session-provider';
import { alice, memoryStore } from '../../lib/session/session-test-fakes';

vi.mock('../../lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

type Reply = { status?: number; body?: unknown; headers?: Record<string, string> };
type Call = { method: string; path: string; body: unknown };

/** A fake server: each 'METHOD /path' answers what the test says; every request is recorded. */
function fakeServer(routes: Record<string, Reply | ((body: unknown) => Reply)>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const path = String(input);
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, body });
    const route = routes[`${method} ${path}`] ?? { status: 404, body: { error: { message: 'Not found', code: 'NOT_FOUND', timestamp: '', requestId: 'r' } } };
    const reply = typeof route === 'function' ? route(body) : route;
    return new Response(JSON.stringify(reply.body ?? null), { status: reply.status ?? 200, headers: reply.headers });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, paths: () => calls.map((c) => `${c.method} ${c.path}`) };
}

const errorBody = (code: string, message: string) => ({ error: { message, code, timestamp: '2026-03-02T09:00:00Z', requestId: 'req-1' } });

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}|${JSON.stringify(location.state)}`}</p>;
}

function renderAuth(url = '/auth', sessionUser: typeof alice | null = null) {
  const machine = createSessionMachine({
    fetchSession: () => Promise.resolve(sessionUser),
    cache: createSessionCache(memoryStore()),
    network: { isOnline: () => true, onOnline: () => () => undefined },
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        <SessionProvider machine={machine}>
          <Routes>
            <Route path="/auth" element={<AuthPage />} />
            <Route path="*" element={<Where />} />
          </Routes>
        </SessionProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function fillSignUp(options: { company?: boolean } = {}) {
  await userEvent.type(screen.getByLabelText('First name'), 'Dana');
  await userEvent.type(screen.getByLabelText('Last name'), 'Ridge');
  if (options.company !== false) await userEvent.type(screen.getByLabelText('Company name'), 'Ridge Roofing');
  await userEvent.type(screen.getByLabelText('Phone'), '555-0100');
  await userEvent.type(screen.getByLabelText('Email'), 'dana@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'a-long-unusual-password');
}

const signUpButton = () => screen.getByRole('button', { name: /Start 14-Day Free Trial|Create account and join/ });
let online = true;

beforeEach(() => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('/auth sign-up', () => {
  it('shows the visible labels and, on success, the Success! toast and /check-email with the address', async () => {
    const server = fakeServer({ 'POST /api/rpc/user_exists_by_email': { body: false }, 'POST /api/auth/sign-up/email': { body: { user: { id: 'u1' } } } });
    renderAuth();
    await userEvent.click(screen.getByRole('tab', { name: 'Sign Up' }));
    await fillSignUp();
    await userEvent.click(signUpButton());
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/check-email|{"email":"dana@example.com"}'));
    expect(server.calls.find((c) => c.path === '/api/rpc/user_exists_by_email')?.body).toEqual({ _email: 'dana@example.com' });
    expect(server.calls.find((c) => c.path === '/api/auth/sign-up/email')?.body).toMatchObject({ firstName: 'Dana', companyName: 'Ridge Roofing', phone: '555-0100' });
    expect(notify.success).toHaveBeenCalledWith('Success!', 'Please check your email to confirm your account.');
  });

  it('an address that exists is refused with the exact message, without submitting', async () => {
    const server = fakeServer({ 'POST /api/rpc/user_exists_by_email': { body: true } });
    renderAuth();
    await userEvent.click(screen.getByRole('tab', { name: 'Sign Up' }));
    await fillSignUp();
    await userEvent.click(signUpButton());
    expect(await screen.findByText(EMAIL_ALREADY_REGISTERED_MESSAGE)).toBeInTheDocument();
    expect(server.paths()).not.toContain('POST /api/auth/sign-up/email');
    expect(notify.error).toHaveBeenCalledWith('Sign Up Error', EMAIL_ALREADY_REGISTERED_MESSAGE);
  });

  it('the same message when the server answers EMAIL_ALREADY_REGISTERED', async () => {
    fakeServer({
      'POST /api/rpc/user_exists_by_email': { body: false },
      'POST /api/auth/sign-up/email': { status: 409, body: errorBody('EMAIL_ALREADY_REGISTERED', 'Already registered') },
    });
    renderAuth();
    await userEvent.click(screen.getByRole('tab', { name: 'Sign Up' }));
    await fillSignUp();
    await userEvent.click(signUpButton());
    expect(await screen.findByText(EMAIL_ALREADY_REGISTERED_MESSAGE)).toBeInTheDocument();
  });

  it('offline it refuses with the spec message and sends nothing', async () => {
    const server = fakeServer({});
    renderAuth();
    await userEvent.click(screen.getByRole('tab', { name: 'Sign Up' }));
    await fillSignUp();
    online = false;
    await userEvent.click(signUpButton());
    expect(await screen.findByText(OFFLINE_MESSAGES.signUp)).toBeInTheDocument();
    expect(server.paths().filter((p) => p !== 'GET /api/auth/get-session')).toEqual([]);
  });

  it('an invitation shows Join {company}, hides the company name and sends the invitation id', async () => {
    const invitation = { id: 'inv-1', email: 'dana@example.com', companyName: 'Summit Roofing', inviterName: 'Sam', role: 'member', status: 'pending' };
    const server = fakeServer({
      'GET /api/invitations/inv-1': { body: invitation },
      'POST /api/rpc/user_exists_by_email': { body: false },
      'POST /api/auth/sign-up/email': { body: { user: { id: 'u1' } } },
    });
    renderAuth('/auth?invitation=inv-1');
    expect(await screen.findByText('Join Summit Roofing')).toBeInTheDocument();
    expect(screen.queryByLabelText('Company name')).not.toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Email'));
    await fillSignUp({ company: false });
    await userEvent.click(signUpButton());
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/check-email'));
    expect(server.calls.find((c) => c.path === '/api/auth/sign-up/email')?.body).toMatchObject({ invitationId: 'inv-1' });
  });
});

describe('/auth sign-in', () => {
  async function submitSignIn() {
    await userEvent.type(screen.getByLabelText('Email'), 'alice@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
  }

  it('signs in and goes to /dashboard', async () => {
    fakeServer({ 'POST /api/auth/sign-in/email': { body: { user: { id: alice.id }, redirect: false } }, 'GET /api/auth/get-session': { body: { session: {}, user: alice } } });
    renderAuth();
    await submitSignIn();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/dashboard'));
  });

  it('a signed-in user (e.g. from the confirmation link) is sent to /dashboard', async () => {
    fakeServer({});
    renderAuth('/auth?confirmed=1', alice);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/dashboard'));
  });

  it('a wrong password shows the Sign In Error toast with the server message', async () => {
    fakeServer({ 'POST /api/auth/sign-in/email': { status: 401, body: errorBody('INVALID_CREDENTIALS', 'Invalid email or password') } });
    renderAuth();
    await submitSignIn();
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(notify.error).toHaveBeenCalledWith('Sign In Error', 'Invalid email or password');
  });

  it('a 429 says when to try again', async () => {
    fakeServer({ 'POST /api/auth/sign-in/email': { status: 429, body: errorBody('RATE_LIMITED', 'Too many'), headers: { 'Retry-After': '1800' } } });
    renderAuth();
    await submitSignIn();
    expect(await screen.findByText(/^Too many attempts\. Try again at \d\d:\d\d \(in 30 minutes\)\.$/)).toBeInTheDocument();
  });

  it('offline it refuses with the spec message and sends nothing', async () => {
    const server = fakeServer({});
    renderAuth();
    await waitFor(() => expect(server.paths()).toEqual([]));
    online = false;
    await submitSignIn();
    expect(await screen.findByText(OFFLINE_MESSAGES.signIn)).toBeInTheDocument();
    expect(server.paths()).toEqual([]);
  });

  it('two-factor: challenge then verify with the challenge id, then /dashboard', async () => {
    const server = fakeServer({
      'POST /api/auth/sign-in/email': { body: { twoFactorRedirect: true } },
      'POST /api/auth/factors/totp/challenge': { body: { id: 'ch-1', factor_id: 'totp', expires_at: 0 } },
      'POST /api/auth/factors/totp/verify': { body: { verified: true } },
      'GET /api/auth/get-session': { body: { session: {}, user: alice } },
    });
    renderAuth();
    await submitSignIn();
    expect(await screen.findByRole('heading', { level: 1, name: 'Two-Factor Verification' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Authentication code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/dashboard'));
    expect(server.calls.find((c) => c.path === '/api/auth/factors/totp/challenge')?.body).toEqual({ channel: 'totp' });
    expect(server.calls.find((c) => c.path === '/api/auth/factors/totp/verify')?.body).toEqual({ code: '123456', challenge_id: 'ch-1' });
  });

  it('two-factor: a recovery code instead', async () => {
    const server = fakeServer({
      'POST /api/auth/sign-in/email': { body: { twoFactorRedirect: true } },
      'POST /api/auth/two-factor/verify-backup-code': { body: { user: alice } },
      'GET /api/auth/get-session': { body: { session: {}, user: alice } },
    });
    renderAuth();
    await submitSignIn();
    await userEvent.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    await userEvent.type(screen.getByLabelText('Recovery code'), 'abcde-12345');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/dashboard'));
    expect(server.calls.find((c) => c.path === '/api/auth/two-factor/verify-backup-code')?.body).toEqual({ code: 'abcde-12345' });
  });

  it('with an invitation, a sign-in accepts it before going to /dashboard', async () => {
    const invitation = { id: 'inv-2', email: 'alice@example.com', companyName: 'Summit Roofing', inviterName: 'Sam', role: 'member', status: 'pending' };
    const server = fakeServer({
      'GET /api/invitations/inv-2': { body: invitation },
      'POST /api/auth/sign-in/email': { body: { user: { id: alice.id } } },
      'POST /api/invitations/inv-2/accept': { body: { accepted: true } },
      'GET /api/auth/get-session': { body: { session: {}, user: alice } },
    });
    renderAuth('/auth?invitation=inv-2');
    await screen.findByText('Join Summit Roofing');
    await userEvent.click(screen.getByRole('tab', { name: 'Sign In' }));
    await submitSignIn();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/dashboard'));
    expect(server.paths()).toContain('POST /api/invitations/inv-2/accept');
  });
});

describe('/auth password reset', () => {
  it('forgot password sends the mail and shows the spec toast', async () => {
    const server = fakeServer({ 'POST /api/auth/request-password-reset': { body: { status: true } } });
    renderAuth();
    await userEvent.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    await userEvent.type(screen.getByLabelText('Email'), 'alice@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Password Reset Email Sent!', 'Please check your email for the password reset link.'));
    expect(server.calls.find((c) => c.path === '/api/auth/request-password-reset')?.body).toEqual({ email: 'alice@example.com' });
  });

  it('?mode=reset&token= sets the new password with the token', async () => {
    const server = fakeServer({ 'POST /api/auth/reset-password': { body: { status: true } } });
    renderAuth('/auth?mode=reset&token=tok-1');
    expect(screen.getByRole('heading', { level: 1, name: 'Choose a New Password' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('New password'), 'another-long-password');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'another-long-password');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Password Updated!', 'Your password has been successfully updated.'));
    expect(server.calls.find((c) => c.path === '/api/auth/reset-password')?.body).toEqual({ token: 'tok-1', newPassword: 'another-long-password' });
  });
});
