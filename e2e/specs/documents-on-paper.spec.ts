import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { claimFileWithEstimate, openDocuments, setCompanyAddress } from '../support/documents';
import { collectErrors, signedInUser } from '../support/flows';
import { firstLink, waitForMail } from '../support/mail';

// What the adjuster and the homeowner receive, on a phone (390 x 844). A company that signed up with
// its name and phone but no address is asked for it before its first claim packet, and goes on to the
// packet once it is saved. Then a proposal with the homeowner's part of each option is sent to the
// homeowner by email from the product (the send listed on the link); the homeowner opens the mailed
// link, sees what the insurance pays and what they pay, gives the email the claim file lacks, signs,
// downloads the signed PDF and receives it by email; the contractor's record says the homeowner signed.

// The app logs this console error whenever it is not served over HTTPS, as in the e2e stack.
const NOT_HTTPS = 'console: Not served over HTTPS: sign-in cookies and claim data are not protected in transit.';
const SESSION_PROBE = '/api/auth/get-session';
const unexpected = (errors: string[]) => errors.filter((error) => error !== NOT_HTTPS);
const PHONE = { width: 390, height: 844 };

test.describe('documents on paper, on a phone', () => {
  test.use({ viewport: PHONE });

  test('the letterhead’s missing address is asked for before the first claim packet, then the packet goes on', async ({ page }) => {
    test.setTimeout(120_000);
    const errors = collectErrors(page);
    await signedInUser(page, 'letterhead');
    const projectId = await claimFileWithEstimate(page, { deductibleCents: 100_000, rcvCents: 1_000_000 });
    await openDocuments(page, projectId);

    await page.getByRole('button', { name: 'Claim packet' }).click();
    const prompt = page.getByRole('dialog', { name: 'Add your company details' });
    await expect(prompt).toBeVisible();
    await expect(prompt).toContainText('Your letterhead has no address yet.');
    await expect(prompt.getByRole('link', { name: 'Settings page' })).toHaveAttribute('href', '/settings');
    await expect(page.getByRole('dialog', { name: 'Claim packet' })).toBeHidden();
    await expectNoSeriousA11yViolations(page);

    // Saving without it says what is needed; with it, the packet dialog opens.
    await prompt.getByRole('button', { name: 'Save and continue' }).click();
    await expect(prompt.getByText('Enter the address printed on your letterhead')).toBeVisible();
    await prompt.getByLabel('Address').fill('220 Industrial Blvd, Tulsa, OK 74107');
    await prompt.getByRole('button', { name: 'Save and continue' }).click();
    const packet = page.getByRole('dialog', { name: 'Claim packet' });
    await expect(packet).toBeVisible();
    await expect(prompt).toBeHidden();
    // The default letter names what this claim file has no value for: said before anything is made.
    await expect(packet.getByRole('note')).toContainText('This claim file has no');
    await expectNoSeriousA11yViolations(page);
    await packet.getByRole('button', { name: 'Close' }).click();

    // Saved: the company page has it, with this browser's time zone, and a proposal is not asked for it again.
    const company = (await (await page.request.get('/api/company')).json()) as { address: string; timeZone: string | null };
    expect(company.address).toBe('220 Industrial Blvd, Tulsa, OK 74107');
    expect(company.timeZone).toEqual(expect.stringMatching(/^(UTC|[A-Za-z]+\/.+)$/));
    await page.getByRole('button', { name: 'New proposal' }).click();
    await expect(page.getByRole('dialog', { name: 'New proposal' })).toBeVisible();
    await expect(prompt).toBeHidden();
    expect(unexpected(errors)).toEqual([]);
  });

  test('a proposal emailed from the product is signed by the homeowner, who downloads the signed PDF and gets it by email', async ({ page, browser }) => {
    test.setTimeout(180_000);
    const errors = collectErrors(page);
    const contractor = await signedInUser(page, 'paper');
    await setCompanyAddress(page);
    const projectId = await claimFileWithEstimate(page, { deductibleCents: 100_000, rcvCents: 1_000_000 });
    const homeownerEmail = `pat-${randomUUID().slice(0, 8)}@example.test`;
    await openDocuments(page, projectId);

    // The proposal from the estimate: the claim file's deductible and approved amount come with it.
    await page.getByRole('button', { name: 'New proposal' }).click();
    const dialog = page.getByRole('dialog', { name: 'New proposal' });
    await dialog.getByLabel('Estimate', { exact: true }).selectOption({ index: 1 });
    await dialog.getByRole('button', { name: 'Create proposal' }).click();
    await expect(page.getByLabel('Deductible (dollars)')).toHaveValue('1,000.00');
    await expect(page.getByLabel('Approved by the insurance, RCV (dollars)')).toHaveValue('10,000.00');
    await page.getByRole('button', { name: 'Save' }).click();
    const card = page.getByRole('article', { name: 'Proposal 1' });
    await expect(card.getByText('Insurance would pay $9,000.00 · Homeowner pays $2,200.00')).toBeVisible();

    // Shared with the homeowner and sent by email from the product; the send is listed on the link.
    await card.getByRole('button', { name: 'Share with homeowner' }).click();
    await expect(card.getByLabel('Homeowner link')).toHaveValue(/\/share\//);
    const links = page.getByRole('region', { name: 'Share links' });
    const link = links.getByRole('article', { name: /for the homeowner/ }).first();
    await link.getByRole('button', { name: /^Email link:/ }).click();
    const email = page.getByRole('dialog', { name: 'Email this link' });
    await email.getByLabel('Email address').fill(homeownerEmail);
    await email.getByLabel('Note (optional)').fill('Here are your three options, Pat.');
    await expectNoSeriousA11yViolations(page);
    await email.getByRole('button', { name: 'Send link' }).click();
    await expect(email).toBeHidden();
    await expect(link.getByRole('list', { name: /^Emails of/ })).toContainText(
      `Emailed to ${homeownerEmail} by ${contractor.firstName} ${contractor.lastName} on`,
    );
    await expectNoSeriousA11yViolations(page);

    const invitation = await waitForMail(homeownerEmail, 'A proposal is ready for you to review and sign');
    expect(invitation.text).toContain(`"${contractor.companyName}"`);
    expect(invitation.text).toContain('Message: "Here are your three options, Pat."');
    expect(invitation.replyTo).toBe(contractor.email);
    const sharePath = new URL(firstLink(invitation)).pathname;

    // The homeowner, on a phone, with no sign-in.
    const homeownerContext = await browser.newContext({ viewport: PHONE });
    const homeowner = await homeownerContext.newPage();
    const homeownerErrors = collectErrors(homeowner);
    const apiCalls: string[] = [];
    homeowner.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/api/')) apiCalls.push(path);
    });
    await homeowner.goto(sharePath);
    await expect(homeowner.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(
      homeowner.getByText(
        'Our estimate, not yet approved by your insurance: $10,000.00. Insurance would pay $9,000.00. You pay $1,000.00 (your deductible $1,000.00).',
      ),
    ).toBeVisible();
    await expect(
      homeowner.getByText('Insurance would pay $9,000.00. You pay $2,200.00 (your deductible $1,000.00 and $1,200.00 above our estimate).'),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(homeowner);

    const sign = homeowner.getByRole('button', { name: 'Sign proposal' });
    await homeowner.getByRole('radio', { name: 'Better: $11,200.00' }).check();
    await homeowner.getByLabel('Your full name').fill('Pat Miller');
    const pad = homeowner.getByRole('img', { name: 'Signature pad' });
    await pad.scrollIntoViewIfNeeded();
    const box = await pad.boundingBox();
    if (!box) throw new Error('The signature pad is not on screen');
    await homeowner.mouse.move(box.x + 20, box.y + box.height * 0.6);
    await homeowner.mouse.down();
    for (let i = 1; i <= 10; i++) await homeowner.mouse.move(box.x + 20 + i * 20, box.y + box.height * (0.6 - 0.3 * Math.sin(i / 2)), { steps: 2 });
    await homeowner.mouse.up();
    // The claim file has no email for the homeowner: signing asks for it.
    await expect(sign).toBeDisabled();
    await homeowner.getByLabel('Your email').fill(homeownerEmail);
    await expect(sign).toBeEnabled();
    await sign.click();
    await expect(homeowner.getByRole('heading', { name: 'Thank you, Pat Miller. Your proposal is signed.' })).toBeVisible();
    await expect(homeowner.getByText(/a copy of the signed PDF is on its way to your email/)).toBeVisible();

    // The signed PDF, once made, stays there to download.
    const download = homeowner.getByRole('link', { name: 'Download signed PDF' });
    await expect(download).toBeVisible({ timeout: 90_000 });
    await expectNoSeriousA11yViolations(homeowner);
    const pdf = await homeowner.request.get((await download.getAttribute('href')) ?? '');
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await homeowner.reload();
    await expect(homeowner.getByRole('heading', { name: 'This proposal is signed' })).toBeVisible();
    await expect(homeowner.getByRole('link', { name: 'Download signed PDF' })).toBeVisible();
    expect(apiCalls.filter((path) => !path.startsWith('/api/public/share/') && path !== SESSION_PROBE)).toEqual([]);
    expect(await homeownerContext.cookies()).toEqual([]);
    expect(unexpected(homeownerErrors)).toEqual([]);

    const copy = await waitForMail(homeownerEmail, 'Your signed proposal');
    expect(copy.attachments).toEqual(['Signed proposal - Pat Miller.pdf']);
    expect(copy.text).toContain('Option: Better: Impact-resistant Class 4 architectural shingles, $11,200.00');

    // The contractor's record: the homeowner signed, and where the copy went.
    await openDocuments(page, projectId);
    const signed = page.getByRole('article', { name: 'Proposal 1' });
    await expect(signed).toContainText('signed by the homeowner, Pat Miller, on');
    await expect(signed).toContainText(`prepared by ${contractor.firstName} ${contractor.lastName}`);
    const record = signed.getByRole('region', { name: 'Signature' });
    await expect(record.locator('dt:has-text("Signed copy sent to") + dd')).toHaveText(homeownerEmail);
    await expectNoSeriousA11yViolations(page);
    expect(unexpected(errors)).toEqual([]);
    await homeownerContext.close();
  });
});
