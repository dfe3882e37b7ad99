import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { CONFIRM_SUBJECT, ORIGIN_HEADERS, fillSignUp, signUpButton, signedInUser } from '../support/flows';
import { firstLink, waitForMail } from '../support/mail';
import { MAIL_API_PORT } from '../support/ports';
import { newUser } from '../support/users';

type Me = { id: string; email: string; company: { id: string; name: string; role: string } | null };
type Team = { members: { id: string; userId: string; name: string; email: string; role: string }[]; myRole: string };

async function me(page: Page): Promise<Me> {
  return (await (await page.request.get('/api/me')).json()) as Me;
}

async function team(page: Page): Promise<Team> {
  return (await (await page.request.get('/api/team')).json()) as Team;
}

function memberRow(page: Page, email: string) {
  return page.getByRole('row').filter({ hasText: email });
}

test.describe('team', () => {
  test('an owner invites a colleague who joins the company; the owner changes their role and removes them', async ({ page, browser }) => {
    const owner = await signedInUser(page, 'owner');
    const ownerName = `${owner.firstName} ${owner.lastName}`;
    const ownerMe = await me(page);

    // Invite on /team.
    const colleague = newUser('colleague');
    const colleagueName = `${colleague.firstName} ${colleague.lastName}`;
    await page.goto('/team');
    await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
    await page.getByLabel('Email address').fill(colleague.email);
    await page.getByLabel('Role', { exact: true }).selectOption('member');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByText('Invitation sent', { exact: true })).toBeVisible();
    await expect(page.getByText(colleague.email).first()).toBeVisible();

    // The invitation mail arrives over SMTP with the link.
    // Its subject carries none of the names a user typed; the body quotes the company's name as such.
    const invitation = await waitForMail(colleague.email, 'You have been invited to join a team on Ridgeline');
    expect(invitation.subject).toBe('You have been invited to join a team on Ridgeline');
    expect(invitation.text).toContain(`Company name, as the company entered it: "${owner.companyName}"`);
    expect(invitation.text).toContain(`Invited by: "${ownerName}"`);
    const link = firstLink(invitation);
    expect(link).toMatch(/\/auth\?invitation=[0-9a-f-]{36}&key=[\w-]+$/);

    // The colleague opens it in their own browser and signs up without a company: the mailed link
    // proved the address, so there is no second confirmation mail and they go straight in.
    const colleagueContext = await browser.newContext();
    const colleaguePage = await colleagueContext.newPage();
    await colleaguePage.goto(link);
    await expect(colleaguePage.getByText(`${ownerName} invited you to join ${owner.companyName}.`)).toBeVisible();
    await expect(colleaguePage.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
    // The invited address should be filled in for them (soft: the rest of the flow still runs).
    await expect.soft(colleaguePage.getByLabel('Email', { exact: true })).toHaveValue(colleague.email);
    await expect(colleaguePage.getByLabel('Company name')).toHaveCount(0);
    await fillSignUp(colleaguePage, colleague, { company: false });
    await signUpButton(colleaguePage).click();
    await expect(colleaguePage).toHaveURL(/\/dashboard$/);
    await expect(colleaguePage.getByText('Welcome to the team', { exact: true })).toBeVisible();
    const mails = (await (await fetch(`http://127.0.0.1:${MAIL_API_PORT}/?to=${encodeURIComponent(colleague.email)}`)).json()) as { subject: string }[];
    expect(mails.map((mail) => mail.subject).filter((subject) => subject.includes(CONFIRM_SUBJECT))).toEqual([]);

    // They are in the owner's company: no second company, and their /team lists both.
    const colleagueMe = await me(colleaguePage);
    expect(colleagueMe.company).toMatchObject({ id: ownerMe.company?.id, name: owner.companyName, role: 'member' });
    await colleaguePage.goto('/team');
    await expect(memberRow(colleaguePage, owner.email)).toBeVisible();
    await expect(memberRow(colleaguePage, colleague.email)).toBeVisible();
    await expect(colleaguePage.getByRole('button', { name: 'Send invitation' })).toHaveCount(0);

    // The owner sees them, makes them a manager, then removes them.
    await page.reload();
    const row = memberRow(page, colleague.email);
    await expect(row).toBeVisible();
    await page.getByLabel(`Role of ${colleagueName}`).selectOption('manager');
    await expect(page.getByText('Role updated', { exact: true })).toBeVisible();
    await expect.poll(async () => (await team(page)).members.find((m) => m.email === colleague.email)?.role).toBe('manager');
    await colleaguePage.reload();
    await expect(colleaguePage.getByRole('button', { name: 'Send invitation' })).toBeVisible();

    page.once('dialog', (dialog) => void dialog.accept());
    await row.getByRole('button', { name: /remove/i }).click();
    await expect(page.getByText('Member removed', { exact: true })).toBeVisible();
    await expect(row).toHaveCount(0);
    expect((await team(page)).members.map((m) => m.email)).toEqual([owner.email]);
    await colleagueContext.close();
  });

  test('an owner cannot remove themselves', async ({ page }) => {
    const owner = await signedInUser(page, 'selfremove');
    await page.goto('/team');
    const ownRow = memberRow(page, owner.email);
    await expect(ownRow).toBeVisible();
    await expect(ownRow.getByRole('button', { name: /remove/i })).toHaveCount(0);
    // And the server refuses it when asked directly.
    const self = (await team(page)).members.find((m) => m.email === owner.email);
    expect(self).toBeDefined();
    const response = await page.request.delete(`/api/team/members/${self?.id ?? ''}`, { headers: ORIGIN_HEADERS });
    expect(response.status()).toBe(400);
    expect((await team(page)).members).toHaveLength(1);
  });

  test('on a phone, /team fits the screen (no sideways scrolling)', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const owner = await signedInUser(page, 'phone-owner');
    await page.goto('/team');
    await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
    await expect(page.getByText(owner.email).first()).toBeVisible();
    expect(await page.evaluate<number>(`document.documentElement.scrollWidth`)).toBeLessThanOrEqual(390);
  });

  test('axe finds no serious or critical violation on /dashboard and /team', async ({ page }) => {
    await signedInUser(page, 'axe');
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByText(/Welcome, /)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.goto('/team');
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
