import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { CONFIRM_SUBJECT, ORIGIN_HEADERS, fillSignUp, signUpButton, signedInUser } from '../support/flows';
import { firstLink, waitForMail } from '../support/mail';
import { newUser } from '../support/users';

// What a new company meets first, on a phone: the free trial from the landing page opens the sign-up
// form and keeps the plan chosen there; a form says what is missing in words a person writes; an
// invited colleague joins through the mailed link with no second confirmation and sees a dashboard
// of their own (no owner's trial or set-up list).

const ZOD_WORDS = /Too small|Too big|expected string|Invalid input|>=\s?\d/;

test.describe('first impressions on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a plan chosen on the landing page goes through sign-up: the sign-up form, plain words for what is missing, the plan kept on /pricing', async ({
    page,
  }) => {
    await page.goto('/');
    await page.locator('#pricing').getByRole('link', { name: 'Start free trial on the Business plan' }).click();
    await expect(page).toHaveURL(/\/auth\?mode=signup&plan=business$/);
    await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('chosen-plan')).toContainText('Business plan');

    await signUpButton(page).click();
    await expect(page.getByText('Fill in this field.').first()).toBeVisible();
    await expect(page.getByRole('form', { name: 'Sign up' })).not.toContainText(ZOD_WORDS);
    await expectNoSeriousA11yViolations(page);

    const user = newUser('trial-plan');
    await fillSignUp(page, user);
    await signUpButton(page).click();
    await expect(page).toHaveURL(/\/check-email/);
    await page.goto(firstLink(await waitForMail(user.email, CONFIRM_SUBJECT)));
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto('/pricing');
    const business = page.getByRole('group', { name: 'Business' });
    await expect(business.getByText('Your choice at sign-up')).toBeVisible();
    await expect(page.getByRole('group', { name: 'Professional' }).getByText('Current plan: Trial')).toBeVisible();
    expect(await page.evaluate<number>(`document.documentElement.scrollWidth`)).toBeLessThanOrEqual(390);
  });

  test('an invited colleague joins through the mailed link with no second confirmation, and sees their own dashboard', async ({ page, browser }) => {
    const owner = await signedInUser(page, 'first-owner');
    await page.goto('/dashboard');
    await expect(page.getByRole('region', { name: 'Get set up' })).toBeVisible();
    await expect(page.getByText('Free trial', { exact: true })).toBeVisible();

    const colleague = newUser('first-member');
    const invited = await page.request.post('/api/team/invitations', { headers: ORIGIN_HEADERS, data: { email: colleague.email, role: 'member' } });
    expect(invited.status(), await invited.text()).toBe(201);
    const invitation = await waitForMail(colleague.email, 'You have been invited to join a team on Ridgeline');
    // The company's name is in the body, quoted as the company entered it (never in the subject).
    expect(invitation.text).toContain(`"${owner.companyName}"`);
    const link = firstLink(invitation);

    const memberContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const member = await memberContext.newPage();
    await member.goto(link);
    await expect(member.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
    await fillSignUp(member, colleague, { company: false });
    await signUpButton(member).click();
    await expect(member).toHaveURL(/\/dashboard$/);

    await expect(member.getByRole('region', { name: 'Your account' })).toBeVisible();
    await expect(member.getByRole('region', { name: 'Get set up' })).toHaveCount(0);
    await expect(member.getByText('Free trial', { exact: true })).toHaveCount(0);
    await expect(member.getByText('My tasks', { exact: true }).first()).toBeVisible();
    expect(await member.evaluate<number>(`document.documentElement.scrollWidth`)).toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(member);
    await memberContext.close();
  });
});
