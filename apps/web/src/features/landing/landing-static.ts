import { redirectSignedInVisitor } from './landing-redirect';

// The script of the pre-rendered landing document (landing.html): no React, no router. It does what
// the React page does in its effects, on the HTML the build already rendered.

// Content-Security-Policy violations are reported to the server and the security log, as on every page.
document.addEventListener('securitypolicyviolation', (event) => {
  void import('../../lib/csp-reporter').then(({ reportViolation }) => reportViolation(event));
});

// The copyright year was rendered at build time; the page shows the visitor's current year.
const year = String(new Date().getFullYear());
for (const element of document.querySelectorAll('[data-current-year]')) {
  if (element.textContent !== year) element.textContent = year;
}

void redirectSignedInVisitor();
