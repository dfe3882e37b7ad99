import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { BrowserRouter, matchRoutes, Navigate, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router';
import { whenIdle } from '../lib/when-idle';
import { reportFieldScreens } from '../offline/offline-readiness';
import { PLANNED_PAGES } from './route-table';
import { RouteErrorBoundary } from './route-error-boundary';
import { usePreloadLikelyPages } from './idle-preload';
import { ScrollRestoration } from './scroll-restoration';

// Every route of the app, each page loaded lazily. The landing page and the not-found page sit
// outside the app providers, so the public landing loads none of the signed-in app's code.
// Declarative routes (useRoutes) rather than a data router: the app uses no loader, action or fetcher,
// and the data router's code is half of React Router's weight on every signed-in first load.
// What the data router gave is kept here: the lazy modules of every matched route (providers, shell,
// page) start loading together, a navigation keeps the current page until the next one's code is in
// (React Router makes each navigation a transition), and an error anywhere shows the route error page.

type PageModule = { default: ComponentType };

/** Route objects to the loader of their lazy module, so a match can fetch its code ahead of rendering. */
const preloaders = new WeakMap<RouteObject, () => Promise<unknown>>();

/** A route whose element is the default export of `load`, fetched once. */
function lazyRoute(route: Omit<RouteObject, 'element' | 'index'>, load: () => Promise<PageModule>): RouteObject {
  let loading: Promise<PageModule> | undefined;
  // A failed fetch (no signal) is not kept: the next preload or render asks again.
  const preload = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  const Page = lazy(preload);
  const object: RouteObject = { ...route, element: <Page /> };
  preloaders.set(object, preload);
  return object;
}

const PlannedPage = lazy(() => import('../features/placeholders/planned-page').then(({ PlannedPage }) => ({ default: PlannedPage })));

const plannedRoutes: RouteObject[] = PLANNED_PAGES.map(({ path, title, description }) => ({
  path,
  element: <PlannedPage title={title} description={description} />,
}));

/** The app past the landing (its providers' module): once mounted, it preloads the likely next pages when idle. */
function withLikelyPagesPreload({ default: Providers }: PageModule): PageModule {
  function AppWithPreload() {
    usePreloadLikelyPages(preloadRoutes);
    return <Providers />;
  }
  return { default: AppWithPreload };
}

// The site banner belongs to the signed-in shell: public pages (landing, sign-in, share links) have none.
function RootLayout() {
  return <Outlet />;
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      lazyRoute({ path: '/' }, () => import('../features/landing/landing-page')),
      lazyRoute({ path: '/landing' }, () => import('../features/landing/landing-page')),
      { path: '/chat', element: <Navigate to="/messages" replace /> },
      lazyRoute(
        {
          children: [
            lazyRoute({ path: '/auth' }, () => import('../features/auth/auth-page')),
            lazyRoute({ path: '/check-email' }, () => import('../features/auth/check-email-page')),
            lazyRoute({ path: '/share/:token' }, () => import('../features/sharing/public-share-page')),
            lazyRoute(
              {
                children: [
                  lazyRoute({ path: '/dashboard' }, () => import('./dashboard-page')),
                  lazyRoute({ path: '/team' }, () => import('../features/team/team-page')),
                  lazyRoute({ path: '/profile' }, () => import('../features/profile/profile-page')),
                  lazyRoute({ path: '/settings' }, () => import('./settings-route')),
                  lazyRoute({ path: '/projects' }, () => import('../features/projects/projects-page')),
                  lazyRoute({ path: '/projects/new' }, () => import('../features/projects/new-project-page')),
                  lazyRoute({ path: '/security' }, () => import('../features/auth/security-page')),
                  lazyRoute({ path: '/admin/maintenance' }, () => import('../features/maintenance/maintenance-page')),
                  lazyRoute({ path: '/admin/impersonation' }, () => import('../features/admin/impersonation-page')),
                  lazyRoute({ path: '/tutorials' }, () => import('../features/tutorials/tutorials-page')),
                  lazyRoute({ path: '/admin/users' }, () => import('../features/admin/admin-users-page')),
                  lazyRoute({ path: '/admin/security' }, () => import('../features/admin/security-reports-page')),
                  lazyRoute({ path: '/admin/knowledge' }, () => import('../features/assistant/knowledge-page')),
                  lazyRoute({ path: '/projects/:id' }, () => import('./project-detail-route')),
                  lazyRoute({ path: '/companies' }, () => import('../features/carriers/carriers-page')),
                  lazyRoute({ path: '/companies/:id' }, () => import('../features/carriers/carrier-page')),
                  lazyRoute({ path: '/field-inspection' }, () => import('../features/inspections/field-hub-page')),
                  lazyRoute({ path: '/field-inspections' }, () => import('../features/inspections/inspections-list-page')),
                  lazyRoute({ path: '/field-inspection/new' }, () => import('../features/inspections/new-inspection-page')),
                  lazyRoute({ path: '/field-inspection/new-offline' }, () => import('../features/inspections/new-inspection-offline-page')),
                  lazyRoute({ path: '/field-inspection/:sessionId' }, () => import('../features/inspections/session-overview-page')),
                  lazyRoute({ path: '/field-inspection/:sessionId/areas' }, () => import('../features/inspections/areas-page')),
                  lazyRoute({ path: '/field-inspection/:sessionId/areas-offline' }, () => import('../features/inspections/areas-offline-page')),
                  lazyRoute({ path: '/field-inspection/:sessionId/insurance-details' }, () => import('../features/inspections/insurance-details-page')),
                  lazyRoute({ path: '/field-inspection/:sessionId/measurements' }, () => import('./session-measurements-route')),
                  lazyRoute({ path: '/field-inspection/:sessionId/analysis' }, () => import('../features/inspections/analysis-page')),
                  lazyRoute({ path: '/field-inspection/:sessionId/estimate' }, () => import('./session-estimate-route')),
                  lazyRoute({ path: '/field-inspection/:sessionId/convert' }, () => import('../features/inspections/convert-page')),
                  lazyRoute({ path: '/measurements' }, () => import('../features/estimating/measurements-page')),
                  lazyRoute({ path: '/messages' }, () => import('./messages-route')),
                  lazyRoute({ path: '/assistant' }, () => import('../features/assistant/assistant-page')),
                  lazyRoute({ path: '/inbox' }, () => import('../features/inbox/inbox-page')),
                  lazyRoute({ path: '/photo-reports' }, () => import('../features/reports/photo-reports-page')),
                  lazyRoute({ path: '/advanced-photo-reports' }, () => import('../features/reports/editor/advanced-reports-page')),
                  lazyRoute({ path: '/advanced-photo-reports/new' }, () => import('../features/reports/editor/new-report-page')),
                  lazyRoute({ path: '/advanced-photo-reports/:id/edit' }, () => import('../features/reports/editor/report-editor-page')),
                  lazyRoute({ path: '/field-inspection/:sessionId/:phase' }, () => import('../features/inspections/capture/capture-page')),
                  lazyRoute({ path: '/field-inspection/:sessionId/phase-offline/:phase' }, () => import('../features/inspections/capture/capture-page')),
                  lazyRoute({ path: '/field-inspection/:sessionId/elevation/:elevation' }, () => import('../features/inspections/capture/elevation-page')),
                  lazyRoute({ path: '/field-inspection/:sessionId/photo-annotation' }, () => import('../features/inspections/annotation/annotation-page')),
                  lazyRoute({ path: '/pricing' }, () => import('../features/billing/pricing-page')),
                  lazyRoute({ path: '/payments' }, () => import('../features/billing/payments-page')),
                  lazyRoute({ path: '/payment-success' }, () => import('../features/billing/payment-success-page')),
                  lazyRoute({ path: '/credits' }, () => import('../features/billing/credits-page')),
                  lazyRoute({ path: '/credits-success' }, () => import('../features/billing/credits-success-page')),
                  lazyRoute({ path: '/admin/payments' }, () => import('./admin-payments-route')),
                  lazyRoute({ path: '/analytics' }, () => import('../features/analytics/analytics-page')),
                  lazyRoute({ path: '/feedback' }, () => import('../features/feedback/feedback-page')),
                  lazyRoute({ path: '/feedback-loop' }, () => import('../features/feedback/feedback-loop-page')),
                  lazyRoute({ path: '/feedback-loop/:id' }, () => import('../features/feedback/feedback-item-page')),
                  lazyRoute({ path: '/admin/feedback' }, () => import('./admin-feedback-routes').then((m) => ({ default: m.AdminFeedbackRoute }))),
                  lazyRoute({ path: '/admin/feedback/:id' }, () => import('./admin-feedback-routes').then((m) => ({ default: m.AdminFeedbackItemRoute }))),
                  lazyRoute({ path: '/shingle-id' }, () => import('../features/shingles/shingle-id-page')),
                  lazyRoute({ path: '/shingle-id/try/:sample' }, () => import('../features/shingles/shingle-sample-page')),
                  lazyRoute({ path: '/shingle-id/:id' }, () => import('../features/shingles/shingle-result-page')),
                  lazyRoute({ path: '/shingle-catalog' }, () => import('../features/shingles/shingle-catalog-page')),
                  lazyRoute({ path: '/shingle-history' }, () => import('../features/shingles/shingle-history-page')),
                  lazyRoute({ path: '/shingle-analysis-test' }, () => import('../features/shingles/shingle-analysis-test-page')),
                  ...plannedRoutes,
                ],
              },
              () => import('./signed-in-shell'),
            ),
          ],
        },
        () => import('./app-providers').then(withLikelyPagesPreload),
      ),
      lazyRoute({ path: '*' }, () => import('../features/placeholders/not-found-page')),
    ],
  },
];

/** Starts loading the code of every route that matches `pathname` at once (no layout-by-layout waterfall). */
export function preloadRoutes(pathname: string): void {
  // A failed load is the rendered lazy route's to report (through the route error page), not this one's.
  for (const match of matchRoutes(routes, pathname) ?? [])
    preloaders
      .get(match.route)?.()
      .catch(() => undefined);
}

/** Every field screen's route (/field-inspection...): their code is what a rep needs with no signal. */
function fieldScreenLoaders(list: RouteObject[] = routes): (() => Promise<unknown>)[] {
  return list.flatMap((route) => {
    const own = route.path?.startsWith('/field-inspection') ? preloaders.get(route) : undefined;
    return [...(own ? [own] : []), ...fieldScreenLoaders(route.children ?? [])];
  });
}

let fieldScreensFetched = false;

/**
 * Fetches the code of every field screen once, when the browser is idle after a field screen opened,
 * reporting how many are in (the field hub shows it): moving between field screens then needs no
 * signal, even before the service worker has saved the app. A screen that failed is fetched again
 * the next time a field screen opens.
 */
function prefetchFieldScreens(): () => void {
  if (fieldScreensFetched) return () => undefined;
  return whenIdle(() => {
    if (fieldScreensFetched) return;
    fieldScreensFetched = true;
    const loaders = fieldScreenLoaders();
    const screens = { loaded: 0, total: loaders.length, failed: 0 };
    reportFieldScreens({ ...screens });
    for (const load of loaders) {
      load().then(
        () => {
          screens.loaded += 1;
          reportFieldScreens({ ...screens });
        },
        () => {
          screens.failed += 1;
          reportFieldScreens({ ...screens });
          if (fieldScreensFetched) {
            fieldScreensFetched = false;
            window.addEventListener('online', () => prefetchFieldScreens(), { once: true });
          }
        },
      );
    }
  });
}

function RoutedApp() {
  const location = useLocation();
  preloadRoutes(location.pathname);
  const onFieldScreen = location.pathname.startsWith('/field-inspection');
  useEffect(() => (onFieldScreen ? prefetchFieldScreens() : undefined), [onFieldScreen]);
  const element = useRoutes(routes, location);
  return (
    // An error resets when the user goes elsewhere, as the data router's error element did.
    <RouteErrorBoundary resetKey={location.key}>
      <Suspense fallback={null}>
        {element}
        <ScrollRestoration />
      </Suspense>
    </RouteErrorBoundary>
  );
}

/** The routed app: browser history, the route table and the route error page. */
export function AppRouter() {
  return (
    <BrowserRouter>
      <RoutedApp />
    </BrowserRouter>
  );
}
