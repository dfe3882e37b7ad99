import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { firstLink, loginUser, waitForMail } from './mail';
import { newUser } from './users';

export type TestUser = ReturnType<typeof newUser>;

/** Where the e2e stack serves Ridgeline (as in playwright.config.ts). */
export const BASE_URL = `http://localhost:${Number(process.env.E2E_PORT ?? 3100)}`;

/** Scripts must send Origin like a browser does (better-auth checks it on every POST). */
export const ORIGIN_HEADERS = { Origin: BASE_URL };

export const CONFIRM_SUBJECT = 'Confirm your Ridgeline account';
export const RESET_SUBJECT = 'Reset your Ridgeline password';

/**
 * Signs a user up through the API and opens the mailed confirmation link with `request`.
 * With `page.request` the session cookie lands in the page's browser context: it is signed in.
 */
export async function signUpAndConfirmApi(request: APIRequestContext, user: TestUser, extra: { invitationId?: string } = {}): Promise<void> {
  const response = await request.post('/api/auth/sign-up/email', {
    headers: ORIGIN_HEADERS,
    data: {
      firstName: user.firstName,
      lastName: user.lastName,
      companyName: user.companyName,
      phone: user.phone,
      email: user.email,
      password: user.password,
      ...extra,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  const link = firstLink(await waitForMail(user.email, CONFIRM_SUBJECT));
  // The link signs in (session cookie) and redirects to /auth?confirmed=1: the redirect is enough.
  const confirmed = await request.get(link, { maxRedirects: 0 });
  expect(confirmed.status(), `confirmation link ${link}`).toBe(302);
}

/**
 * The login fixture: a fresh confirmed user, the owner of a new company, whose session is in the
 * page's context. The user, the company and the session are written straight to the database by
 * the e2e stack (no sign-up request, no mail), so only the specs of sign-up itself pay for it.
 */
export async function signedInUser(page: Page, label = 'user'): Promise<TestUser> {
  const user = newUser(label);
  const cookie = await loginUser(user);
  await page.context().addCookies([{ ...cookie, url: BASE_URL, httpOnly: true, sameSite: 'Lax' }]);
  return user;
}

/** Signs in through the API; the session cookie goes to `request`'s cookie jar. */
export async function signInApi(request: APIRequestContext, email: string, password: string): Promise<void> {
  const response = await request.post('/api/auth/sign-in/email', { headers: ORIGIN_HEADERS, data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
}

/** Opens /auth and shows the sign-up form. */
export async function openSignUp(page: Page): Promise<void> {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await expect(page.getByLabel('First name')).toBeVisible();
}

/** Fills the sign-up form; `company: false` for an invitation sign-up (the company comes from it). */
export async function fillSignUp(page: Page, user: TestUser, options: { company?: boolean } = {}): Promise<void> {
  await page.getByLabel('First name').fill(user.firstName);
  await page.getByLabel('Last name').fill(user.lastName);
  if (options.company !== false) await page.getByLabel('Company name').fill(user.companyName);
  await page.getByLabel('Phone').fill(user.phone);
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
}

/** The submit button of the sign-up form. */
export function signUpButton(page: Page) {
  return page.getByRole('form', { name: 'Sign up' }).getByRole('button', { name: /^(Start 14-Day Free Trial|Create account and join)$/ });
}

/** Signs a new user up through the UI, waits for /check-email, opens the mailed link: lands on /dashboard. */
export async function signUpAndConfirm(page: Page, user: TestUser): Promise<void> {
  await openSignUp(page);
  await fillSignUp(page, user);
  await signUpButton(page).click();
  await expect(page).toHaveURL(/\/check-email/);
  const link = firstLink(await waitForMail(user.email, CONFIRM_SUBJECT));
  await page.goto(link);
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Opens /auth on the sign-in form. */
export async function openSignIn(page: Page): Promise<void> {
  await page.goto('/auth');
  await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
}

/** Fills and submits the sign-in form (does not wait for the outcome). */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await openSignIn(page);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('form', { name: 'Sign in' }).getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Signs in through the UI and waits for the dashboard. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await submitSignIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Signs out through the user menu. */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: /Open the user menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
}

/** Collects console errors and uncaught page errors. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}
