import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { signedInUser } from '../support/flows';

const PLANS = ['Starter', 'Professional', 'Business', 'Enterprise'] as const;

/** The pricing section: the element with id "pricing", or the region named after its heading. */
function pricingSection(page: Page) {
  return page.locator('#pricing');
}

/** The spec's site-wide banner (updated today, sorry for possible AI issues) is the signed-in pages': a public page never shows it. */
async function expectNoSiteBanner(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Site notice' })).toHaveCount(0);
  await expect(page.getByText(/updat(ed|ing) today/i)).toHaveCount(0);
  await expect(page.getByText(/apologi[sz]e.*\bAI\b/i)).toHaveCount(0);
}

test.describe('landing page', () => {
  test('renders the hero, the four plans and sends every call to action to /auth', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Start 14-Day Free Trial' }).first()).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: /^sign in$/i })).toBeVisible();

    const pricing = pricingSection(page);
    for (const plan of PLANS) {
      await expect(pricing.getByRole('heading', { name: plan, exact: true })).toHaveCount(1);
    }
    await expect(pricing.getByText('Most Popular', { exact: true })).toHaveCount(1);
    const professional = pricing
      .locator('article, li, section, div')
      .filter({ has: page.getByRole('heading', { name: 'Professional', exact: true }) })
      .filter({ hasText: 'Most Popular' })
      .filter({ hasNotText: /\bStarter\b|\bBusiness\b|\bEnterprise\b/ });
    await expect(professional.first()).toBeVisible();
    await expect(pricing.getByText(/\$399/).first()).toBeVisible();

    // Every call to action (trial, sign in, sign up, plan choices) goes to /auth.
    const ctas = page.getByRole('link', { name: /trial|sign in|sign up|get started|choose|start|try/i });
    const count = await ctas.count();
    expect(count).toBeGreaterThanOrEqual(PLANS.length + 2);
    for (let i = 0; i < count; i++) {
      const href = await ctas.nth(i).getAttribute('href');
      expect(href, `CTA "${await ctas.nth(i).innerText()}"`).toMatch(/^(https?:\/\/[^/]+)?\/auth(\?.*)?$/);
    }
  });

  test('See Smart Pricing scrolls the pricing section into view', async ({ page }) => {
    await page.goto('/');
    const pricing = pricingSection(page);
    await expect(pricing).not.toBeInViewport();
    await page
      .getByRole('link', { name: 'See Smart Pricing' })
      .or(page.getByRole('button', { name: 'See Smart Pricing' }))
      .first()
      .click();
    await expect(pricing).toBeInViewport();
    await expect(page).toHaveURL(/\/(#pricing)?$/);
  });

  test('has a claims-management title and meta description, and no site banner (a public page)', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(/claims management.*Ridgeline$/i);
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description ?? '').toMatch(/claims management/i);
    await expectNoSiteBanner(page);
  });

  test('the landing page loads none of the signed-in app code', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((path) => /app-providers|signed-in-shell|session|dashboard-page|team-page|auth-page/.test(path))).toEqual([]);
  });

  test('/landing shows the same page', async ({ page }) => {
    await page.goto('/');
    const heading = await page.getByRole('heading', { level: 1 }).innerText();
    await page.goto('/landing');
    await expect(page).toHaveURL(/\/landing$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page.getByRole('link', { name: 'Start 14-Day Free Trial' }).first()).toBeVisible();
    await expect(pricingSection(page).getByRole('heading', { name: 'Enterprise', exact: true })).toBeVisible();
  });

  test('an unknown path shows the not-found page, with no site banner (a public page)', async ({ page }) => {
    await page.goto('/no-such-page-here');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/not found|404|doesn.t exist|does not exist/i);
    await expect(page).toHaveTitle(/Ridgeline$/);
    await expectNoSiteBanner(page);
  });

  test('/chat redirects to /messages once signed in', async ({ page }) => {
    await signedInUser(page, 'chat');
    await page.goto('/chat');
    await expect(page).toHaveURL(/\/messages$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('axe finds no serious or critical violation on the landing page and /auth', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.goto('/auth');
    await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('landing page without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the served HTML of / holds the whole landing page', async ({ page, request }) => {
    // What a crawler reads: the document itself, before any script.
    const html = await (await request.get('/')).text();
    expect(html).toContain('The complete claims management system, from the roof to the check.');
    expect(html).toContain('id="pricing"');

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('The complete claims management system, from the roof to the check.');
    await expect(page.getByRole('link', { name: 'Start 14-Day Free Trial' }).first()).toHaveAttribute('href', '/auth?mode=signup');
    for (const plan of PLANS) {
      await expect(pricingSection(page).getByRole('heading', { name: plan, exact: true })).toBeVisible();
    }
    await expectNoSiteBanner(page);
    await page.goto('/landing');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('The complete claims management system, from the roof to the check.');
  });
});
