import { randomUUID } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { setCompanyAddress } from '../support/documents';
import { ORIGIN_HEADERS, signedInUser, signUpAndConfirmApi } from '../support/flows';
import { grantAdmin } from '../support/mail';
import { expectNoHorizontalOverflow } from '../support/layout';
import { newUser } from '../support/users';

// The assistant with no AI provider configured (as a fresh clone runs): on a phone, the pinned
// Assistant of the floating team chat answers from the knowledge base with its sources, and an answer
// copied into a chat message lands unsent in the box of the conversation chosen; on /messages the same
// pinned Assistant is the same thread as /assistant; on a claim file, "Ask about this claim" answers
// from the claim file's records, drafts the supplement letter from the estimate's supplement list, and
// the draft is copied into the claim packet's cover letter and into the claim file's conversation.

/** A colleague invited into the signed-in owner's company, and a direct message with them; its id. */
async function conversationWithColleague(page: Page, label: string): Promise<{ conversationId: string; colleagueName: string }> {
  const colleague = newUser(label);
  const invited = await page.request.post('/api/team/invitations', { headers: ORIGIN_HEADERS, data: { email: colleague.email, role: 'member' } });
  expect(invited.status(), await invited.text()).toBe(201);
  const { id: invitationId } = (await invited.json()) as { id: string };
  const context = await page.context().browser()?.newContext();
  if (!context) throw new Error('no browser');
  try {
    await signUpAndConfirmApi(context.request, colleague, { invitationId });
  } finally {
    await context.close();
  }
  const colleagues = (await (await page.request.get('/api/chat/colleagues')).json()) as { colleagues: { id: string; email: string; name: string }[] };
  const mate = colleagues.colleagues.find((c) => c.email === colleague.email);
  expect(mate, 'the colleague is listed').toBeDefined();
  const created = await page.request.post('/api/chat/conversations', { headers: ORIGIN_HEADERS, data: { memberIds: [mate?.id] } });
  expect(created.status(), await created.text()).toBe(201);
  const { conversation } = (await created.json()) as { conversation: { id: string } };
  return { conversationId: conversation.id, colleagueName: mate?.name ?? '' };
}

/** The stored messages of a conversation, as the API reads them. */
async function storedContents(page: Page, conversationId: string): Promise<string[]> {
  const response = await page.request.get(`/api/chat/conversations/${conversationId}/messages`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { messages: { content: string }[] }).messages.map((m) => m.content);
}

/** A question asked in the assistant's box (on a page or in the chat panel). */
async function askBuiltIn(scope: Page | Locator, question: string) {
  await scope.getByRole('textbox', { name: 'Ask the assistant' }).fill(question);
  await scope.getByRole('button', { name: 'Ask', exact: true }).click();
}

/** A claim file with an inspection and an estimate whose drip edge the carrier's scope leaves out. */
async function claimWithSupplement(page: Page): Promise<string> {
  const project = await page.request.post('/api/projects', {
    headers: ORIGIN_HEADERS,
    data: {
      title: 'Hail claim, Birch Lane',
      homeownerName: 'Dana Whitfield',
      street: '48 Birch Lane',
      city: 'Tulsa',
      state: 'OK',
      zip: '74103',
      claimNumber: 'CLM-5521',
      carrierName: 'Prairie Mutual',
    },
  });
  expect(project.status(), await project.text()).toBe(201);
  const projectId = ((await project.json()) as { id: string }).id;
  const sessionId = randomUUID();
  const session = await page.request.post('/api/inspections', {
    headers: ORIGIN_HEADERS,
    data: {
      id: sessionId,
      projectId,
      editedAt: new Date().toISOString(),
      fields: {
        street: '48 Birch Lane',
        city: 'Tulsa',
        structures: [{ id: 'house', name: 'Main house', kind: 'main_house', areas: ['roof'], slopes: [{ direction: 'N', testSquareHits: 12 }] }],
      },
    },
  });
  expect(session.status(), await session.text()).toBe(201);
  const estimate = await page.request.post('/api/estimates', {
    headers: ORIGIN_HEADERS,
    data: {
      sessionId,
      lines: [
        { id: 'shingles', code: 'shingles', description: 'Laminated shingles', quantity: 24, unit: 'SQ', unitPriceCents: 25_000, source: 'manual' },
        {
          id: 'drip',
          code: 'drip_edge',
          description: 'Drip edge',
          quantity: 220,
          unit: 'LF',
          unitPriceCents: 300,
          source: 'manual',
          basis: '140 LF of eaves and 80 LF of rakes measured',
        },
      ],
      carrierScope: [{ description: 'Laminated comp shingles', quantity: 24, unit: 'SQ', unitPriceCents: 24_000 }],
    },
  });
  expect(estimate.status(), await estimate.text()).toBe(201);
  return projectId;
}

test.describe('assistant', () => {
  test.setTimeout(120_000);

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

    test('the pinned Assistant of the floating chat answers with its sources, and a copy lands unsent in the chosen conversation', async ({ page }) => {
      await signedInUser(page, 'assistant-phone');
      const { conversationId, colleagueName } = await conversationWithColleague(page, 'assistant-mate');
      await page.goto('/dashboard');
      await page.getByRole('button', { name: /^Open team chat/ }).click();
      // The panel is named by its heading, which follows the open conversation.
      const panel = page.getByRole('dialog').filter({ has: page.locator('#chat-panel-title') });
      await panel.getByRole('button', { name: /^Assistant/ }).click();
      await expect(panel.getByRole('heading', { level: 2, name: 'Assistant' })).toBeVisible();
      await expect(panel.getByText('Built-in answers: no AI provider is configured.', { exact: false })).toBeVisible();

      await askBuiltIn(panel, 'Is drip edge required at the eaves?');
      const answer = panel.getByLabel('Assistant answer');
      await expect(answer).toBeVisible();
      await expect(answer).toContainText('Built-in answers: no AI provider is configured');
      await expect(answer).toContainText('Commonly reported: A drip edge is required at the eaves and rakes');
      const sources = answer.getByRole('region', { name: 'Sources' });
      await expect(sources).toContainText('IRC R905.2.8.5');
      await expect(sources).toContainText('edition 2012-2021');
      await expect(sources).toContainText('S Commonly reported');
      await expect(panel.getByText('1 of 200 answers used by your company today.', { exact: false })).toBeVisible();
      await expectNoHorizontalOverflow(page);
      await expectNoSeriousA11yViolations(page);
      // The narrowest phone: the panel's thread still fits.
      await page.setViewportSize({ width: 360, height: 740 });
      await expectNoHorizontalOverflow(page);

      await answer.getByRole('button', { name: 'Helpful' }).click();
      await expect(page.getByText('Marked helpful.')).toBeVisible();

      // Copied into a chat message: the panel's conversations, to choose the one it is for.
      await answer.getByRole('button', { name: 'Copy into a chat message' }).click();
      await expect(panel.getByRole('status', { name: 'Draft waiting' })).toContainText("Choose the conversation for the assistant's draft.");
      await panel
        .getByRole('list', { name: 'Conversations' })
        .getByRole('button', { name: new RegExp(colleagueName) })
        .click();
      const box = panel.getByRole('textbox', { name: 'Message' });
      await expect(box).toHaveValue(/Commonly reported: A drip edge is required at the eaves and rakes/);
      await expect(box).toHaveValue(/\(IRC R905\.2\.8\.5\)/);
      await expect(box).not.toHaveValue(/\[K:|\[C:/);
      await expect(box).toBeFocused();
      await expectNoHorizontalOverflow(page);
      // Not sent: the conversation holds no message; the user edits, then sends.
      expect(await storedContents(page, conversationId)).toEqual([]);
      await box.fill('Per the code: drip edge at the eaves and rakes (IRC R905.2.8.5).');
      await box.press('Enter');
      await expect.poll(() => storedContents(page, conversationId)).toEqual(['Per the code: drip edge at the eaves and rakes (IRC R905.2.8.5).']);
    });
  });

  test('on /messages the pinned Assistant is the same thread as /assistant', async ({ page }) => {
    await signedInUser(page, 'assistant-messages');
    await page.goto('/assistant');
    await askBuiltIn(page, 'Is drip edge required at the eaves?');
    await expect(page.getByLabel('Assistant answer')).toContainText('IRC R905.2.8.5');

    await page.goto('/messages');
    await page.getByRole('button', { name: /^Assistant/ }).click();
    await expect(page).toHaveURL(/\/messages\?conversation=assistant$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Assistant' })).toBeVisible();
    await expect(page.getByLabel('Assistant answer')).toHaveCount(1);
    await askBuiltIn(page, 'Does a recover need a tear-off?');
    await expect(page.getByLabel('Assistant answer')).toHaveCount(2);
    await expectNoSeriousA11yViolations(page);
    // The thread is kept: reloaded, and on /assistant.
    await page.reload();
    await expect(page.getByLabel('Assistant answer')).toHaveCount(2);
    await page.goto('/assistant');
    await expect(page.getByLabel('Assistant answer')).toHaveCount(2);
  });

  test(`"Ask about this claim" answers from the claim file, and its supplement letter goes into the packet cover letter and the claim file's conversation`, async ({
    page,
  }) => {
    await signedInUser(page, 'assistant-claim');
    await setCompanyAddress(page);
    const projectId = await claimWithSupplement(page);

    await page.goto(`/projects/${projectId}`);
    await page.getByRole('link', { name: 'Ask about this claim' }).click();
    await expect(page).toHaveURL(new RegExp(`/assistant\\?claim=${projectId}$`));
    await expect(page.getByRole('link', { name: 'Hail claim, Birch Lane' })).toBeVisible();

    await page.getByRole('textbox', { name: 'Ask about this claim' }).fill('How many hail hits on the north slope?');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    const first = page.getByLabel('Assistant answer').first();
    await expect(first).toContainText('N slope: 12 hits in the test square');
    await expect(first.getByRole('region', { name: 'Sources' }).getByRole('link', { name: 'Inspection' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Draft supplement letter' }).click();
    const letter = page.getByLabel('Assistant answer').last();
    await expect(letter).toContainText('1. Drip edge is missing from the scope. We measured 220 LF');
    await expect(letter).toContainText('140 LF of eaves and 80 LF of rakes measured');
    await expect(letter.getByRole('region', { name: 'Sources' })).toContainText('IRC R905.2.8.5');

    await letter.getByRole('button', { name: 'Copy into the cover letter' }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${projectId}\\?tab=documents&packet=new`));
    const packet = page.getByRole('dialog', { name: 'Claim packet' });
    const coverLetter = packet.getByLabel('Cover letter', { exact: true });
    await expect(coverLetter).toHaveValue(/1\. Drip edge is missing from the scope\. We measured 220 LF/);
    await expect(coverLetter).toHaveValue(/\(IRC R905\.2\.8\.5\)/);
    await expect(coverLetter).not.toHaveValue(/\[K:|\[C:/);

    // The same letter copied into a chat message: /messages asks which conversation, and the claim
    // file's own conversation takes it into its box, unsent.
    await page.goto(`/assistant?claim=${projectId}`);
    await page.getByLabel('Assistant answer').last().getByRole('button', { name: 'Copy into a chat message' }).click();
    await expect(page).toHaveURL(/\/messages$/);
    const waiting = page.getByRole('status', { name: 'Draft waiting' });
    await expect(waiting).toContainText("Choose the conversation for the assistant's draft. It goes into the message box, not sent.");
    await expectNoSeriousA11yViolations(page);
    await waiting.getByRole('button', { name: "The claim file's conversation" }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${projectId}\\?tab=messages$`));
    const box = page.getByRole('region', { name: 'Claim file messages' }).getByRole('textbox', { name: 'Message' });
    await expect(box).toHaveValue(/1\. Drip edge is missing from the scope\. We measured 220 LF/);
    await expect(page.getByRole('region', { name: 'Claim file messages' }).getByText('No messages yet. Say hello.')).toBeVisible();
  });

  test('a platform admin adds a passage the assistant then cites, and retires it', async ({ page }) => {
    const admin = await signedInUser(page, 'assistant-admin');
    await grantAdmin(admin.email);
    const slug = `test-kb-${Date.now().toString(36)}`;
    await page.goto('/admin/knowledge');
    const form = page.getByRole('form', { name: 'Add a passage' });
    await form.getByLabel('Slug (cited as [K:slug])').fill(slug);
    await form.getByLabel('Topic', { exact: true }).selectOption('manufacturer');
    await form.getByLabel('Section or document').fill('Zebrafinch starter sheet');
    await form.getByLabel('Title', { exact: true }).fill('Zebrafinch starter at rakes');
    await form.getByLabel('Passage (in our own words)').fill('The zebrafinch starter runs up every rake.');
    await form.getByLabel('Source', { exact: true }).fill('maker sheet, test copy');
    await form.getByLabel('Confidence', { exact: true }).selectOption('P');
    await form.getByRole('button', { name: 'Add passage' }).click();
    await expect(page.getByText('Passage added')).toBeVisible();
    const row = page.getByRole('list', { name: 'Passages' }).getByRole('listitem').filter({ hasText: slug });
    await expect(row).toContainText('P Primary source');
    await expectNoSeriousA11yViolations(page);

    await page.goto('/assistant');
    await page.getByRole('textbox', { name: 'Ask the assistant' }).fill('zebrafinch starter');
    await page.getByLabel('Research mode', { exact: false }).check();
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    await expect(page.getByLabel('Assistant answer').last().getByRole('region', { name: 'Sources' })).toContainText('Zebrafinch starter sheet');

    await page.goto('/admin/knowledge');
    await page
      .getByRole('list', { name: 'Passages' })
      .getByRole('listitem')
      .filter({ hasText: slug })
      .getByRole('button', { name: /^Retire/ })
      .click();
    await expect(page.getByText('Passage retired')).toBeVisible();
    await page.goto('/assistant');
    await page.getByRole('textbox', { name: 'Ask the assistant' }).fill('zebrafinch starter');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    const after = page.getByLabel('Assistant answer').last();
    await expect(after).toContainText('Built-in answers: no AI provider is configured');
    await expect(page.getByLabel('Assistant answer')).toHaveCount(2);
    await expect(after).not.toContainText('Zebrafinch');
  });
});
