import { paths } from './lib/paths';
// Content-Security-Policy violations are reported to the server and the security log.
document.addEventListener('securitypolicyviolation', (event) => {
  void import('./lib/csp-reporter').then(({ reportViolation }) => reportViolation(event));
});

// The app shell's entry (index.html). The server sends the pre-rendered landing.html for / and
// /landing, which needs no React; this document shows the landing page only when it is served for
// '/' anyway (the dev server, or the service worker's cached shell), and then loads only React and
// the landing page. Every other path loads the routed app. Client-side navigation back to '/'
// renders the same landing page inside the router.
const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
const path = window.location.pathname;
if (path === paths.home || path === paths.landing) {
  void import('./features/landing/landing-entry').then(({ renderLanding }) => renderLanding(root));
} else {
  void import('./app/app-entry').then(({ renderApp }) => renderApp(root));
}
