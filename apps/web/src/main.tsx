// Content-Security-Policy violations are reported to the server and the security log (spec section 7).
document.addEventListener('securitypolicyviolation', (event) => {
  void import('./lib/csp-reporter').then(({ reportViolation }) => reportViolation(event));
});

// Two entries: a first visit to the landing page loads only React and the landing page; every
// other path loads the routed app. Client-side navigation back to '/' renders the same landing
// page inside the router.
const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
const path = window.location.pathname;
if (path === '/' || path === '/landing') {
  void import('./features/landing/landing-entry').then(({ renderLanding }) => renderLanding(root));
} else {
  void import('./app/app-entry').then(({ renderApp }) => renderApp(root));
}

