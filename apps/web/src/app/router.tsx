import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { RouteError } from '../components/route-error';
import { SiteBanner } from '../components/site-banner';
import { PLANNED_PAGES } from './route-table';

// Every route of the spec, each page loaded lazily. The landing page and the not-found page sit
// outside the app providers, so the public landing loads none of the signed-in app's code.

function RootLayout() {
  return (
    <>
      <SiteBanner />
      <Outlet />
    </>
  );
}

const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({ Component: (await load()).default });

const plannedRoutes: RouteObject[] = PLANNED_PAGES.map(({ path, title, description }) => ({
  path,
  lazy: async () => {
    const { PlannedPage } = await import('../features/placeholders/planned-page');
    return { Component: () => <PlannedPage title={title} description={description} /> };
  },
}));

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { path: '/', lazy: page(() => import('../features/landing/landing-page')) },
      { path: '/landing', lazy: page(() => import('../features/landing/landing-page')) },
      { path: '/chat', element: <Navigate to="/messages" replace /> },
      {
        lazy: page(() => import('./app-providers')),
        children: [
          { path: '/auth', lazy: page(() => import('../features/auth/auth-page')) },
          { path: '/check-email', lazy: page(() => import('../features/auth/check-email-page')) },
          {
            lazy: page(() => import('./signed-in-shell')),
            children: [
              { path: '/dashboard', lazy: page(() => import('./dashboard-page')) },
              { path: '/team', lazy: page(() => import('../features/team/team-page')) },
              { path: '/profile', lazy: page(() => import('../features/profile/profile-page')) },
              { path: '/settings', lazy: page(() => import('../features/settings/settings-page')) },
              { path: '/security', lazy: page(() => import('../features/auth/security-page')) },
              { path: '/admin/maintenance', lazy: page(() => import('../features/maintenance/maintenance-page')) },
              { path: '/admin/impersonation', lazy: page(() => import('../features/admin/impersonation-page')) },
              { path: '/tutorials', lazy: page(() => import('../features/tutorials/tutorials-page')) },
              { path: '/admin/users', lazy: page(() => import('../features/admin/admin-users-page')) },
              { path: '/admin/security', lazy: page(() => import('../features/admin/security-reports-page')) },
              ...plannedRoutes,
            ],
          },
        ],
      },
      { path: '*', lazy: page(() => import('../features/placeholders/not-found-page')) },
    ],
  },
];

export const router = createBrowserRouter(routes);
