import { expect, test } from '@playwright/test';
import { firstLink, waitForMail } from '../support/mail';
import {
  CONFIRM_SUBJECT,
  RESET_SUBJECT,
  fillSignUp,
  openSignIn,
  openSignUp,
  signIn,
  signOut,
  signUpAndConfirmApi,
  signUpButton,
  signedInUser,
  submitSignIn,
} from '../support/flows';
import { totp } from '../../apps/server/src/test/totp';
import { newUser } from '../support/users';
import { abortOffline } from '../support/network';

const DUPLICATE_MESSAGE = 'This email is already registered. Please sign in or reset your password.';

test.describe('authentication', () => {
  test('@embedded sign up, confirm from the mailed link and land on the dashboard signed in', async ({ page }) => {
    const user = newUser('signup');
    await openSignUp(page);
    await fillSignUp(page, user);
    await signUpButton(page).click();
    await expect(page).toHaveURL(/\/check-email$/);
    await expect(page.getByText('Success!', { exact: true })).toBeVisible();
    await expect(page.getByText('Please check your email to confirm your account.', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
    await expect(page.getByText(user.email)).toBeVisible();
    // Not signed in until the address is confirmed.
    expect((await page.request.get('/api/me')).status()).toBe(401);

    const link = firstLink(await waitForMail(user.email, CONFIRM_SUBJECT));
    await page.goto(link);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByText(user.companyName).first()).toBeVisible();
    // The session is real: the API knows the user and the company made at sign-up.
    const me = (await (await page.request.get('/api/me')).json()) as { email: string; company: { name: string; role: string } | null };
    expect(me.email).toBe(user.email);
    expect(me.company).toMatchObject({ name: user.companyName, role: 'owner' });
  });

  test('a duplicate email is refused with the exact message', async ({ page }) => {
    const existing = newUser('dup');
    await signUpAndConfirmApi(page.request, existing);
    await page.context().clearCookies();
    await openSignUp(page);
    await fillSignUp(page, { ...newUser('dup2'), email: existing.email });
    await signUpButton(page).click();
    await expect(page.getByText(DUPLICATE_MESSAGE, { exact: true }).first()).toBeVisible();
    await expect(page.getByText('Sign Up Error', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/auth/);

    // The same message when the pre-check misses it and the server reports the address as registered.
    await page.route('**/api/rpc/user_exists_by_email', (route) => route.fulfill({ json: false }));
    await openSignUp(page);
    await fillSignUp(page, { ...newUser('dup3'), email: existing.email });
    const signUpResponse = page.waitForResponse('**/api/auth/sign-up/email');
    await signUpButton(page).click();
    expect((await signUpResponse).status()).toBe(409);
    await expect(page.getByText(DUPLICATE_MESSAGE, { exact: true }).first()).toBeVisible();
    await expect(page).toHaveURL(/\/auth/);
  });

  test('sign-in, sign-up and password reset are refused offline with the spec messages', async ({ page, context }) => {
    const user = newUser('offline-auth');
    await openSignIn(page);
    await context.setOffline(true);
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('form', { name: 'Sign in' }).getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByText('Cannot sign in while offline').first()).toBeVisible();

    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await fillSignUp(page, user);
    await signUpButton(page).click();
    await expect(page.getByText('Cannot sign up while offline').first()).toBeVisible();

    await page.getByRole('tab', { name: 'Sign In' }).click();
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('Cannot reset password while offline').first()).toBeVisible();
    await context.setOffline(false);
  });

  test('sign in and sign out', async ({ page }) => {
    const user = newUser('inout');
    await signUpAndConfirmApi(page.request, user);
    await page.context().clearCookies();
    await signIn(page, user.email, user.password);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await signOut(page);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/auth/);
  });

  test('a wrong password shows the Sign In Error toast', async ({ page }) => {
    const user = newUser('wrongpw');
    await signUpAndConfirmApi(page.request, user);
    await page.context().clearCookies();
    await submitSignIn(page, user.email, `${user.password}-wrong`);
    await expect(page.getByText('Sign In Error', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/auth/);
  });

  test('password reset through the mailed link, then sign in with the new password', async ({ page }) => {
    const user = newUser('reset');
    await signUpAndConfirmApi(page.request, user);
    await page.context().clearCookies();

    await openSignIn(page);
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('Password Reset Email Sent!', { exact: true })).toBeVisible();
    await expect(page.getByText('Please check your email for the password reset link.', { exact: true })).toBeVisible();

    const link = firstLink(await waitForMail(user.email, RESET_SUBJECT));
    // The link passes through the server's token check and lands on /auth?mode=reset&token=….
    await page.goto(link);
    await expect(page).toHaveURL(/\/auth\?mode=reset&token=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a New Password' })).toBeVisible();
    const newPassword = `${user.password}-new`;
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText('Password Updated!', { exact: true })).toBeVisible();

    // The old password no longer works; the new one does.
    await page.context().clearCookies();
    await submitSignIn(page, user.email, user.password);
    await expect(page.getByText('Sign In Error', { exact: true })).toBeVisible();
    await signIn(page, user.email, newPassword);
  });

  test('two-factor: enrol on /security, then sign-in asks for the code', async ({ page }) => {
    const user = await signedInUser(page, 'totp');
    await page.goto('/security');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const card = page.getByRole('region', { name: 'Two-factor authentication' });
    await expect(card.getByText('Status: Off')).toBeVisible();
    await card.getByLabel('Confirm your password').fill(user.password);
    await card.getByRole('button', { name: 'Set up two-factor' }).click();
    await expect(card.getByRole('img', { name: /QR code/ })).toBeVisible();
    // The secret shown for typing by hand: compute the codes from it as an authenticator app would.
    const secret = (await card.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await card.getByLabel('Code from the app').fill(totp(secret));
    // Turning two-factor on replaces the session: the server closes the realtime socket of the old
    // one (4401) while the answer carrying the new cookie is still on its way. Hold that answer back
    // so the close lands first, as it can on a busy machine: the page must still end signed in.
    await page.route('**/api/auth/two-factor/verify-totp', async (route) => {
      const response = await route.fetch();
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.fulfill({ response });
    });
    await card.getByRole('button', { name: 'Turn on two-factor' }).click();
    await expect(page.getByText('Two-factor enabled', { exact: true })).toBeVisible();
    await expect(card.getByText('Status: On')).toBeVisible();
    await expect(card.getByRole('heading', { name: 'Recovery codes' })).toBeVisible();

    await signOut(page);
    await submitSignIn(page, user.email, user.password);
    await expect(page.getByRole('heading', { level: 1, name: 'Two-Factor Verification' })).toBeVisible();
    const codeField = page.getByLabel('Authentication code');
    // A code from ten minutes ago is refused; the current one signs in.
    await codeField.fill(totp(secret, Date.now() - 10 * 60_000));
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(page.getByText('Sign In Error', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/auth/);
    await codeField.fill(totp(secret));
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });

  test('a signed-in user visiting / or /auth goes to the dashboard', async ({ page }) => {
    await signedInUser(page, 'redirect');
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a visitor without a session is sent from a protected page to /auth', async ({ page }) => {
    await page.goto('/team');
    await expect(page).toHaveURL(/\/auth/);
  });

  test('going offline after sign-in shows the Offline Mode banner', async ({ page, context }) => {
    const user = newUser('offline');
    await signUpAndConfirmApi(page.request, user);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await context.setOffline(true);
    // setOffline does not cover service-worker fetches: cut the API too.
    await context.route('**/api/**', abortOffline);
    await expect(page.getByText('Offline Mode', { exact: true })).toBeVisible();
    await expect(page.getByText('Data will sync when connection is restored', { exact: true })).toBeVisible();
    await context.setOffline(false);
    await context.unroute('**/api/**');
    await expect(page.getByText('Offline Mode', { exact: true })).toBeHidden();
  });
});
