import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { datesInOtherFormats } from '@ridgeline/shared/domain/time-zones';
import { settleAnimations } from '../support/a11y';
import { ORIGIN_HEADERS, signInApi } from '../support/flows';
import { createInspection, REQUIRED_PHOTOS, uploadPhotos } from '../support/inspection-seed';
import { expectNoHorizontalOverflow } from '../support/layout';
import { grantAdmin, seedDemo } from '../support/mail';

// Every signed-in route with the real data of `npm run seed:demo` (its company, carriers, adjusters,
// claim files across the pipeline and tasks), plus one inspection with its photos and a report made
// from it, checked by axe at desktop width and on a 360 px phone (the narrowest a rep carries): no
// serious or critical violation of WCAG 2.0 and 2.1 A and AA, the label-in-name rule included. On the
// phone the same load also proves that nothing scrolls sideways, no control is cut off and every date
// reads one way. The demo owner is also a platform admin here, so the admin pages show their data too.

// Each route's check stands alone (the demo is seeded once per worker and reused), so the file's tests
// may be split between the suite's shards rather than all landing in one.
test.describe.configure({ mode: 'parallel' });

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

/** The demo owner, as `npm run seed:demo` prints it. */
const DEMO_OWNER = { email: 'owner@demo.ridgeline.test', password: 'Ridgeline-Demo-2026' };

const ROUTES = [
  '/dashboard',
  '/projects',
  '/projects/new',
  '/projects/:project',
  '/inbox',
  '/profile',
  '/payments',
  '/credits',
  '/credits-success',
  '/payment-success',
  '/team',
  '/measurements',
  '/companies',
  '/companies/:carrier',
  '/feedback',
  '/feedback-loop',
  '/tutorials',
  '/settings',
  '/settings?section=pipeline',
  '/settings?section=estimating',
  '/security',
  '/analytics',
  '/admin/impersonation',
  '/admin/payments',
  '/admin/maintenance',
  '/admin/users',
  '/admin/security',
  '/admin/feedback',
  '/admin/knowledge',
  '/pricing',
  '/photo-reports',
  '/advanced-photo-reports',
  '/advanced-photo-reports/new',
  '/advanced-photo-reports/:report/edit',
  '/messages',
  '/assistant',
  '/field-inspection',
  '/field-inspections',
  '/field-inspection/new',
  '/field-inspection/new-offline',
  '/shingle-id',
  '/shingle-history',
  '/shingle-catalog',
  '/shingle-analysis-test',
  '/field-inspection/:session',
  '/field-inspection/:session/photo-annotation',
  '/field-inspection/:session/areas',
  '/field-inspection/:session/insurance-details',
  '/field-inspection/:session/analysis',
  '/field-inspection/:session/elevation/front',
  '/field-inspection/:session/measurements',
  '/field-inspection/:session/estimate',
  '/field-inspection/:session/convert',
  '/field-inspection/:session/roof',
] as const;

/** The two screens: a desktop, and the narrowest phone a rep carries (a common Android), touch and all. */
const SCREENS = [
  { name: 'desktop', options: { viewport: { width: 1280, height: 900 } }, phone: false },
  { name: '360 px', options: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true }, phone: true },
] as const;

let demo: { state: StorageState; ids: Record<string, string> } | undefined;

async function demoSession(browser: Browser): Promise<NonNullable<typeof demo>> {
  if (demo) return demo;
  await seedDemo();
  await grantAdmin(DEMO_OWNER.email);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInApi(page.request, DEMO_OWNER.email, DEMO_OWNER.password);
  const projects = (await (await page.request.get('/api/projects')).json()) as { projects: { id: string }[] };
  const carriers = (await (await page.request.get('/api/carriers')).json()) as { carriers: { id: string }[] };
  const project = projects.projects[0]?.id;
  const carrier = carriers.carriers[0]?.id;
  if (!project || !carrier) throw new Error('the demo has no claim file or carrier');
  const session = await createInspection(page, { north: 9, south: 4 });
  await uploadPhotos(page, session, REQUIRED_PHOTOS);
  const created = await page.request.post('/api/reports', {
    headers: ORIGIN_HEADERS,
    data: { kind: 'advanced', sessionId: session, title: 'Demo hail report' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const report = ((await created.json()) as { report: { id: string } }).report.id;
  demo = { state: await context.storageState(), ids: { project, carrier, session, report } };
  await context.close();
  return demo;
}

// The sweep's two browser contexts (desktop and phone), opened on first use and kept for every
// route's test in this worker: each route is loaded with the app's code already cached (as a rep's
// browser has it), not in a new context that fetches and boots the whole app per route.
const sweep = new Map<string, Page>();

async function sweepPage(browser: Browser, screen: (typeof SCREENS)[number]): Promise<Page> {
  const open = sweep.get(screen.name);
  if (open && !open.isClosed()) return open;
  const { state } = await demoSession(browser);
  const context = await browser.newContext({ storageState: state, ...screen.options });
  const page = await context.newPage();
  sweep.set(screen.name, page);
  return page;
}

test.describe('every signed-in route with the demo data passes axe, and fits a 360 px phone', () => {
  for (const route of ROUTES) {
    test(`${route} at desktop width and at 360 px`, async ({ browser }) => {
      // Two page loads and two axe runs over the longest pages (the shingle catalog lists every line
      // with its actions): more than the suite's default minute on a busy two-core machine.
      test.setTimeout(120_000);
      const { ids } = await demoSession(browser);
      const path = route.replace(/:(\w+)/g, (_, name: string) => ids[name] ?? name);
      for (const screen of SCREENS) {
        const page = await sweepPage(browser, screen);
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await expect(page.getByText('Checking authentication...')).toHaveCount(0);
        await page.waitForLoadState('networkidle');
        await settleAnimations(page);
        // The label-in-name rule is experimental in axe: switched on by name, next to the tags.
        const results = await new AxeBuilder({ page })
          .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
          .analyze();
        const serious = results.violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map((violation) => `${violation.impact}: ${violation.id} (${violation.help}) at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
        expect(serious, `axe on ${path} at ${screen.name}`).toEqual([]);
        if (!screen.phone) continue;
        await expectNoHorizontalOverflow(page, route);
        // One date format on every screen; a date typed into a date box is its value, not the page's text.
        const text = await page.locator('body').innerText();
        expect(datesInOtherFormats(text), `dates in a second format on ${route}`).toEqual([]);
      }
    });
  }
});
