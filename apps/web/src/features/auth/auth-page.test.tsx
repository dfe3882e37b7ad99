import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { EMAIL_ALREADY_REGISTERED_MESSAGE, OFFLINE_MESSAGES } from '@ridgeline/shared/domain/auth-messages';
import { notify } from '../../lib/toast';
import { answer, answerAll, apiError, json, sent, sentPaths, type ApiRoute } from '../../test/fake-server';
import AuthPage from './auth-page';
import { controlBrowserOnline, renderWithSession } from '../../test/render-with-session';
import { alice, answerSession, SESSION_ROUTE, sessionReply } from '../../test/session-fakes';

vi.mock('../../lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}|${JSON.stringify(location.state)}`}</p>;
}

/** Renders /auth; the fake server's session (signed out unless told) is read once on mount. */
function renderAuth(url = '/auth', sessionUser: typeof alice | null = null) {
  answerSession(sessionUser);
  renderWithSession(
    <Routes>
      <Route path="/auth" element={<AuthPage />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { url },
  );
}

/** As the server does: no session until the request that completes the sign-in was answered, then alice's. */
function sessionOnceSignedIn(completing: ApiRoute) {
  answer(SESSION_ROUTE, () => sessionReply(sent(completing).length > 0 ? alice : null));
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
const browser = controlBrowserOnline();

describe('/auth sign-up', () => {
  it('shows the visible labels and, on success, the Success! toast and /check-email with the address', async () => {
    answerAll({ 'POST /api/rpc/user_exists_by_email': json(false), 'POST /api/auth/sign-up/email': json({ user: { id: 'u1' } }) });
    renderAuth();
    await userEvent.click(screen.getByRole('tab', { name: 'Sign Up' }));
    await fillSignUp();
    await userEvent.click(signUpButton());
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/check-email|{"email":"dana@example.com"}'));
    expect(sent('POST /api/rpc/user_exists_by_email')[0]?.body).toEqual({ _email: 'dana@example.com' });
    expect(sent('POST /api/auth/sign-up/email')[0]?.body).toMatchObject({ firstName: 'Dana', companyName: 'Ridge Roofing', phone: '555-0100' });
    expect(notify.success).toHaveBeenCalledWith('Success!', 'Please check your email to confirm your account.');
  });

  it('an address that exists is refused with the exact message, without submitting', async () => {
    answer('POST /api/rpc/user_exists_by_email', json(true));
    renderAuth();
    await userEvent.click(screen.getByRole('tab', { name: 'Sign Up' }));
    await fillSignUp();
    await userEvent.click(signUpButton());
    expect(await screen.findByText(EMAIL_ALREADY_REGISTERED_MESSAGE)).toBeInTheDocument();
    expect(sentPaths()).not.toContain('POST /api/auth/sign-up/email');
    expect(sentPaths()).toEqual([SESSION_ROUTE, 'POST /api/rpc/user_exists_by_email']);
    expect(notify.error).toHaveBeenCalledWith('Sign Up Error', EMAIL_ALREADY_REGISTERED_MESSAGE);
  });

  it('the same message when the server answers EMAIL_ALREADY_REGISTERED', async () => {
    answerAll({
      'POST /api/rpc/user_exists_by_email': json(false),
      // Words of the server's own: the page shows the product's sentence for the code whatever they are.
      'POST /api/auth/sign-up/email': apiError('EMAIL_ALREADY_REGISTERED', { message: 'Already registered' }),
    });
    renderAuth();
    await userEvent.click(screen.getByRole('tab', { name: 'Sign Up' }));
    await fillSignUp();
    await userEvent.click(signUpButton());
    expect(await screen.findByText(EMAIL_ALREADY_REGISTERED_MESSAGE)).toBeInTheDocument();
  });

  it('offline it refuses with the offline message and sends nothing', async () => {
    renderAuth();
    await userEvent.click(screen.getByRole('tab', { name: 'Sign Up' }));
    await fillSignUp();
    browser.online = false;
    await userEvent.click(signUpButton());
    expect(await screen.findByText(OFFLINE_MESSAGES.signUp)).toBeInTheDocument();
    // Only the session read on mount, while still online.
    expect(sentPaths()).toEqual([SESSION_ROUTE]);
  });

  it('an invitation shows Join {company}, hides the company name and sends the invitation id', async () => {
    const invitation = { id: 'inv-1', email: 'dana@example.com', companyName: 'Summit Roofing', inviterName: 'Sam', role: 'member', status: 'pending' };
    answerAll({
      'GET /api/invitations/inv-1': json(invitation),
      'POST /api/rpc/user_exists_by_email': json(false),
      'POST /api/auth/sign-up/email': json({ user: { id: 'u1' } }),
    });
    renderAuth('/auth?invitation=inv-1');
    expect(await screen.findByText('Join Summit Roofing')).toBeInTheDocument();
    expect(screen.queryByLabelText('Company name')).not.toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Email'));
    await fillSignUp({ company: false });
    await userEvent.click(signUpButton());
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/check-email'));
    expect(sent('POST /api/auth/sign-up/email')[0]?.body).toMatchObject({ invitationId: 'inv-1' });
  });
  it('an invitation link waits for the invitation before it offers the sign-up form, so nothing typed is wiped when it arrives', async () => {
    const invitation = { id: 'inv-4', email: 'dana@example.com', companyName: 'Summit Roofing', inviterName: 'Sam', role: 'member', status: 'pending' };
    answerAll({ 'GET /api/invitations/inv-4': json(invitation, { delayMs: 300 }) });
    renderAuth('/auth?invitation=inv-4');
    expect(await screen.findByText('Checking your invitation…')).toHaveAttribute('role', 'status');
    expect(screen.queryByLabelText('First name')).not.toBeInTheDocument();
    expect(await screen.findByText('Join Summit Roofing')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('dana@example.com');
    expect(screen.queryByText('Checking your invitation…')).not.toBeInTheDocument();
  });
});

describe('/auth from the landing page and the invitation mail', () => {
  it('"Start 14-Day Free Trial" opens the sign-up form and keeps the plan chosen on the landing page', async () => {
    answerAll({ 'POST /api/rpc/user_exists_by_email': json(false), 'POST /api/auth/sign-up/email': json({ user: { id: 'u1' } }) });
    renderAuth('/auth?mode=signup&plan=business');
    expect(screen.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('chosen-plan')).toHaveTextContent('Business plan');
    await fillSignUp();
    await userEvent.click(signUpButton());
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/check-email'));
    expect(sent('POST /api/auth/sign-up/email')[0]?.body).toMatchObject({ plan: 'business', companyName: 'Ridge Roofing' });
  });

  it('ignores a plan that does not exist', async () => {
    renderAuth('/auth?mode=signup&plan=platinum');
    expect(screen.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByTestId('chosen-plan')).not.toBeInTheDocument();
  });

  it('says what is missing in words a person writes, never zod’s', async () => {
    renderAuth('/auth?mode=signup');
    await userEvent.click(signUpButton());
    expect(await screen.findAllByText('Fill in this field.')).not.toHaveLength(0);
    expect(screen.queryByText(/Too small|expected string|Invalid input/)).not.toBeInTheDocument();
    expect(sentPaths()).toEqual([SESSION_ROUTE]);
  });

  it('an invitation opened from its mail needs no second confirmation: sign-up, then straight in to the dashboard', async () => {
    const invitation = { id: 'inv-3', email: 'dana@example.com', companyName: 'Summit Roofing', inviterName: 'Sam', role: 'member', status: 'pending' };
    answerAll({
      'GET /api/invitations/inv-3': json(invitation),
      'POST /api/rpc/user_exists_by_email': json(false),
      'POST /api/auth/sign-up/email': json({ token: null, user: { id: 'u1' } }),
      'POST /api/auth/sign-in/email': json({ user: { id: alice.id }, redirect: false }),
    });
    renderAuth('/auth?invitation=inv-3&key=the-mailed-key');
    sessionOnceSignedIn('POST /api/auth/sign-in/email');
    expect(await screen.findByText('Join Summit Roofing')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Email'));
    await fillSignUp({ company: false });
    await userEvent.click(signUpButton());
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/dashboard'));
    expect(sent('POST /api/auth/sign-up/email')[0]?.body).toMatchObject({ invitationId: 'inv-3', invitationKey: 'the-mailed-key' });
    expect(sent('POST /api/auth/sign-in/email')[0]?.body).toEqual({ email: 'dana@example.com', password: 'a-long-unusual-password' });
    expect(sentPaths()).not.toContain('POST /api/invitations/inv-3/accept');
    expect(notify.success).toHaveBeenCalledWith('Welcome to the team', 'You joined Summit Roofing.');
  });
});

describe('/auth sign-in', () => {
  async function submitSignIn() {
    await userEvent.type(screen.getByLabelText('Email'), 'alice@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
  }

  it('signs in and goes to /dashboard', async () => {
    answer('POST /api/auth/sign-in/email', json({ user: { id: alice.id }, redirect: false }));
    renderAuth();
    sessionOnceSignedIn('POST /api/auth/sign-in/email');
    await submitSignIn();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/dashboard'));
  });

  it('a signed-in user (e.g. from the confirmation link) is sent to /dashboard', async () => {
    renderAuth('/auth?confirmed=1', alice);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/dashboard'));
  });

  it('a wrong password shows the Sign In Error toast with the server message', async () => {
    answer('POST /api/auth/sign-in/email', apiError('INVALID_EMAIL_OR_PASSWORD', { message: 'Invalid email or password' }));
    renderAuth();
    await submitSignIn();
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(notify.error).toHaveBeenCalledWith('Sign In Error', 'Invalid email or password');
  });

  it('a 429 says when to try again', async () => {
    answer('POST /api/auth/sign-in/email', apiError('RATE_LIMITED', { message: 'Too many', retryAfter: 1800 }));
    renderAuth();
    await submitSignIn();
    expect(await screen.findByText(/^Too many attempts\. Try again at \d\d:\d\d \(in 30 minutes\)\.$/)).toBeInTheDocument();
  });

  it('offline it refuses with the offline message and sends nothing', async () => {
    renderAuth();
    await waitFor(() => expect(sentPaths()).toEqual([SESSION_ROUTE]));
    browser.online = false;
    await submitSignIn();
    expect(await screen.findByText(OFFLINE_MESSAGES.signIn)).toBeInTheDocument();
    expect(sentPaths()).toEqual([SESSION_ROUTE]);
  });

  it('two-factor: challenge then verify with the challenge id, then /dashboard', async () => {
    answerAll({
      'POST /api/auth/sign-in/email': json({ twoFactorRedirect: true }),
      'POST /api/auth/factors/totp/challenge': json({ id: 'ch-1', factor_id: 'totp', expires_at: 0 }),
      'POST /api/auth/factors/totp/verify': json({ verified: true }),
    });
    renderAuth();
    sessionOnceSignedIn('POST /api/auth/factors/totp/verify');
    await submitSignIn();
    expect(await screen.findByRole('heading', { level: 1, name: 'Two-Factor Verification' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Authentication code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/dashboard'));
    expect(sent('POST /api/auth/factors/totp/challenge')[0]?.body).toEqual({ channel: 'totp' });
    expect(sent('POST /api/auth/factors/totp/verify')[0]?.body).toEqual({ code: '123456', challenge_id: 'ch-1' });
  });

  it('two-factor: a recovery code instead', async () => {
    answerAll({
      'POST /api/auth/sign-in/email': json({ twoFactorRedirect: true }),
      'POST /api/auth/two-factor/verify-backup-code': json({ user: alice }),
    });
    renderAuth();
    sessionOnceSignedIn('POST /api/auth/two-factor/verify-backup-code');
    await submitSignIn();
    await userEvent.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    await userEvent.type(screen.getByLabelText('Recovery code'), 'abcde-12345');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/dashboard'));
    expect(sent('POST /api/auth/two-factor/verify-backup-code')[0]?.body).toEqual({ code: 'abcde-12345' });
  });

  it('with an invitation, a sign-in accepts it before going to /dashboard', async () => {
    const invitation = { id: 'inv-2', email: 'alice@example.com', companyName: 'Summit Roofing', inviterName: 'Sam', role: 'member', status: 'pending' };
    answerAll({
      'GET /api/invitations/inv-2': json(invitation),
      'POST /api/auth/sign-in/email': json({ user: { id: alice.id } }),
      'POST /api/invitations/inv-2/accept': json({ accepted: true }),
    });
    renderAuth('/auth?invitation=inv-2');
    sessionOnceSignedIn('POST /api/auth/sign-in/email');
    await screen.findByText('Join Summit Roofing');
    await userEvent.click(screen.getByRole('tab', { name: 'Sign In' }));
    await submitSignIn();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/dashboard'));
    expect(sentPaths()).toContain('POST /api/invitations/inv-2/accept');
  });
});

describe('/auth password reset', () => {
  it('forgot password sends the mail and shows the sent toast', async () => {
    answer('POST /api/auth/request-password-reset', json({ status: true }));
    renderAuth();
    await userEvent.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    await userEvent.type(screen.getByLabelText('Email'), 'alice@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Password Reset Email Sent!', 'Please check your email for the password reset link.'));
    expect(sent('POST /api/auth/request-password-reset')[0]?.body).toEqual({ email: 'alice@example.com' });
  });

  it('?mode=reset&token= sets the new password with the token', async () => {
    answer('POST /api/auth/reset-password', json({ status: true }));
    renderAuth('/auth?mode=reset&token=tok-1');
    expect(screen.getByRole('heading', { level: 1, name: 'Choose a New Password' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('New password'), 'another-long-password');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'another-long-password');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Password Updated!', 'Your password has been successfully updated.'));
    expect(sent('POST /api/auth/reset-password')[0]?.body).toEqual({ token: 'tok-1', newPassword: 'another-long-password' });
  });
});
