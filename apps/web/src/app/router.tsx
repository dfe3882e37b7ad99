import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { BrowserRouter, matchRoutes, Navigate, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router';
import { fieldStepRoute, paths, routes as pageRoutes } from '../lib/paths';
import { whenIdle } from '../lib/when-idle';
import { reportFieldScreens } from '../offline/offline-readiness';
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
      lazyRoute({ path: pageRoutes.home }, () => import('../features/landing/landing-page')),
      lazyRoute({ path: pageRoutes.landing }, () => import('../features/landing/landing-page')),
      { path: pageRoutes.chat, element: <Navigate to={paths.messages} replace /> },
      lazyRoute(
        {
          children: [
            lazyRoute({ path: pageRoutes.auth }, () => import('../features/auth/auth-page')),
            lazyRoute({ path: pageRoutes.checkEmail }, () => import('../features/auth/check-email-page')),
            lazyRoute({ path: pageRoutes.share }, () => import('../features/sharing/public-share-page')),
            lazyRoute(
              {
                children: [
                  lazyRoute({ path: pageRoutes.dashboard }, () => import('./dashboard-page')),
                  lazyRoute({ path: pageRoutes.team }, () => import('../features/team/team-page')),
                  lazyRoute({ path: pageRoutes.profile }, () => import('../features/profile/profile-page')),
                  lazyRoute({ path: pageRoutes.settings }, () => import('./settings-route')),
                  lazyRoute({ path: pageRoutes.projects }, () => import('../features/projects/projects-page')),
                  lazyRoute({ path: pageRoutes.newProject }, () => import('../features/projects/new-project-page')),
                  lazyRoute({ path: pageRoutes.security }, () => import('../features/auth/security-page')),
                  lazyRoute({ path: pageRoutes.adminMaintenance }, () => import('../features/maintenance/maintenance-page')),
                  lazyRoute({ path: pageRoutes.adminImpersonation }, () => import('../features/admin/impersonation-page')),
                  lazyRoute({ path: pageRoutes.tutorials }, () => import('../features/tutorials/tutorials-page')),
                  lazyRoute({ path: pageRoutes.adminUsers }, () => import('../features/admin/admin-users-page')),
                  lazyRoute({ path: pageRoutes.adminSecurity }, () => import('../features/admin/security-reports-page')),
                  lazyRoute({ path: pageRoutes.adminKnowledge }, () => import('../features/assistant/knowledge-page')),
                  lazyRoute({ path: pageRoutes.project }, () => import('./project-detail-route')),
                  lazyRoute({ path: pageRoutes.companies }, () => import('../features/carriers/carriers-page')),
                  lazyRoute({ path: pageRoutes.carrier }, () => import('../features/carriers/carrier-page')),
                  lazyRoute({ path: pageRoutes.fieldHub }, () => import('../features/inspections/field-hub-page')),
                  lazyRoute({ path: pageRoutes.fieldInspections }, () => import('../features/inspections/inspections-list-page')),
                  lazyRoute({ path: pageRoutes.newInspection }, () => import('../features/inspections/new-inspection-page')),
                  lazyRoute({ path: pageRoutes.newInspectionOffline }, () => import('../features/inspections/new-inspection-offline-page')),
                  lazyRoute({ path: pageRoutes.fieldInspection }, () => import('../features/inspections/session-overview-page')),
                  lazyRoute({ path: fieldStepRoute('areas') }, () => import('../features/inspections/areas-page')),
                  lazyRoute({ path: fieldStepRoute('areas-offline') }, () => import('../features/inspections/areas-offline-page')),
                  lazyRoute({ path: fieldStepRoute('insurance-details') }, () => import('../features/inspections/insurance-details-page')),
                  lazyRoute({ path: fieldStepRoute('measurements') }, () => import('./session-measurements-route')),
                  lazyRoute({ path: fieldStepRoute('analysis') }, () => import('../features/inspections/analysis-page')),
                  lazyRoute({ path: fieldStepRoute('estimate') }, () => import('./session-estimate-route')),
                  lazyRoute({ path: fieldStepRoute('convert') }, () => import('../features/inspections/convert-page')),
                  lazyRoute({ path: pageRoutes.measurements }, () => import('../features/estimating/measurements-page')),
                  lazyRoute({ path: pageRoutes.messages }, () => import('./messages-route')),
                  lazyRoute({ path: pageRoutes.assistant }, () => import('../features/assistant/assistant-page')),
                  lazyRoute({ path: pageRoutes.inbox }, () => import('../features/inbox/inbox-page')),
                  lazyRoute({ path: pageRoutes.photoReports }, () => import('../features/reports/photo-reports-page')),
                  lazyRoute({ path: pageRoutes.advancedReports }, () => import('../features/reports/editor/advanced-reports-page')),
                  lazyRoute({ path: pageRoutes.newAdvancedReport }, () => import('../features/reports/editor/new-report-page')),
                  lazyRoute({ path: pageRoutes.editAdvancedReport }, () => import('../features/reports/editor/report-editor-page')),
                  lazyRoute({ path: pageRoutes.fieldPhase }, () => import('../features/inspections/capture/capture-page')),
                  lazyRoute({ path: pageRoutes.fieldPhaseOffline }, () => import('../features/inspections/capture/capture-page')),
                  lazyRoute({ path: pageRoutes.fieldElevation }, () => import('../features/inspections/capture/elevation-page')),
                  lazyRoute({ path: fieldStepRoute('photo-annotation') }, () => import('../features/inspections/annotation/annotation-page')),
                  lazyRoute({ path: pageRoutes.pricing }, () => import('../features/billing/pricing-page')),
                  lazyRoute({ path: pageRoutes.payments }, () => import('../features/billing/payments-page')),
                  lazyRoute({ path: pageRoutes.paymentSuccess }, () => import('../features/billing/payment-success-page')),
                  lazyRoute({ path: pageRoutes.credits }, () => import('../features/billing/credits-page')),
                  lazyRoute({ path: pageRoutes.creditsSuccess }, () => import('../features/billing/credits-success-page')),
                  lazyRoute({ path: pageRoutes.adminPayments }, () => import('./admin-payments-route')),
                  lazyRoute({ path: pageRoutes.analytics }, () => import('../features/analytics/analytics-page')),
                  lazyRoute({ path: pageRoutes.feedback }, () => import('../features/feedback/feedback-page')),
                  lazyRoute({ path: pageRoutes.feedbackLoop }, () => import('../features/feedback/feedback-loop-page')),
                  lazyRoute({ path: pageRoutes.feedbackItem }, () => import('../features/feedback/feedback-item-page')),
                  lazyRoute({ path: pageRoutes.adminFeedback }, () => import('./admin-feedback-routes').then((m) => ({ default: m.AdminFeedbackRoute }))),
                  lazyRoute({ path: pageRoutes.adminFeedbackItem }, () =>
                    import('./admin-feedback-routes').then((m) => ({ default: m.AdminFeedbackItemRoute })),
                  ),
                  lazyRoute({ path: pageRoutes.shingleId }, () => import('../features/shingles/shingle-id-page')),
                  lazyRoute({ path: pageRoutes.shingleSample }, () => import('../features/shingles/shingle-sample-page')),
                  lazyRoute({ path: pageRoutes.shingleResult }, () => import('../features/shingles/shingle-result-page')),
                  lazyRoute({ path: pageRoutes.shingleCatalog }, () => import('../features/shingles/shingle-catalog-page')),
                  lazyRoute({ path: pageRoutes.shingleHistory }, () => import('../features/shingles/shingle-history-page')),
                  lazyRoute({ path: pageRoutes.shingleAnalysisTest }, () => import('../features/shingles/shingle-analysis-test-page')),
                ],
              },
              () => import('./signed-in-shell'),
            ),
          ],
        },
        () => import('./app-providers').then(withLikelyPagesPreload),
      ),
      lazyRoute({ path: '*' }, () => import('../features/not-found/not-found-page')),
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
    const own = route.path?.startsWith(pageRoutes.fieldHub) ? preloaders.get(route) : undefined;
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
  const onFieldScreen = location.pathname.startsWith(pageRoutes.fieldHub);
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
