import { renderToStaticMarkup } from 'react-dom/server';
import LandingPage from './landing-page';

// Build time only (scripts/prerender-landing.ts): the landing page as HTML, so the first paint and
// crawlers need no JavaScript. The markup is static (no hydration): every link is a plain anchor,
// and the little the page does in the browser is in landing-static.ts.

/** The landing page (a public page: no site banner), as the HTML that goes inside the landing document's body. */
export function renderLandingMarkup(): string {
  return renderToStaticMarkup(<LandingPage />);
}
