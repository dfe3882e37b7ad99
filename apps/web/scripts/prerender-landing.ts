import { runnerImport, type Plugin } from 'vite';

// The landing page is pre-rendered at build time: the build renders its React tree with
// react-dom/server into landing.html, so the page paints without waiting for JavaScript and a
// crawler without JavaScript reads it all. The server sends landing.html for / and /landing.

/** Where the landing markup goes in the HTML entry. */
export const LANDING_PLACEHOLDER = '<!--landing-markup-->';

type LandingDocument = { renderLandingMarkup: () => string };

/** Replaces the placeholder of an HTML entry with the markup `renderLandingMarkup` of `module` returns. */
export function prerenderLanding(options: { root: string; module: string }): Plugin {
  return {
    name: 'ridgeline:prerender-landing',
    transformIndexHtml: {
      order: 'pre',
      async handler(html) {
        if (!html.includes(LANDING_PLACEHOLDER)) return html;
        // A separate module runner (Node, no config file): the landing tree imports no browser-only code.
        const { module } = await runnerImport<LandingDocument>(options.module, { root: options.root, configFile: false, logLevel: 'error' });
        const markup = module.renderLandingMarkup();
        // A landing document without its heading would ship an empty page: fail the build instead.
        if (!/<h1[\s>]/.test(markup)) throw new Error(`Pre-rendering the landing page gave no <h1>: ${markup.slice(0, 200)}`);
        return html.replace(LANDING_PLACEHOLDER, markup);
      },
    },
  };
}
