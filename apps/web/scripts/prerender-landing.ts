import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { runnerImport, type IndexHtmlTransformContext, type Plugin } from 'vite';

// The landing page is pre-rendered at build time: the build renders its React tree with
// react-dom/server into landing.html, so the page paints without waiting for JavaScript and a
// crawler without JavaScript reads it all. The server sends landing.html for / and /landing.
// Its stylesheet is inlined too (the CSP allows inline styles, never inline scripts): the first
// paint then waits for the document alone, not for a second request.

/** Where the landing markup goes in the HTML entry. */
export const LANDING_PLACEHOLDER = '<!--landing-markup-->';

/** Where the head the landing shares with the app's shell (charset, viewport, title, description, icon) goes. */
export const SHARED_HEAD_PLACEHOLDER = '<!--shared-head-->';

/** The app shell's head up to its stylesheet: one title, description and icon for both documents. */
function sharedHead(shellHtml: string): string {
  const start = shellHtml.indexOf('<meta charset');
  const end = shellHtml.indexOf('<link rel="stylesheet"');
  if (start < 0 || end < start) throw new Error('The app shell has no <meta charset> before its stylesheet link');
  return shellHtml.slice(start, end).trimEnd();
}

type LandingDocument = { renderLandingMarkup: () => string };

const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*? href="\/([^"]+\.css)"[^>]*>/g;

/** Replaces each built stylesheet link of the document with a <style> holding the same CSS. */
function inlineStylesheets(html: string, bundle: NonNullable<IndexHtmlTransformContext['bundle']>): string {
  return html.replace(STYLESHEET_LINK, (link, fileName: string) => {
    const asset = bundle[fileName];
    if (asset?.type !== 'asset') return link;
    const css = String(asset.source);
    if (css.includes('</style')) return link;
    return `<style>${css}</style>`;
  });
}

/**
 * Pre-renders the HTML entry `html` (which holds the placeholders) with `renderLandingMarkup` of
 * `module` and the head of the app's shell document `shell`, and inlines its stylesheets.
 */
export function prerenderLanding(options: { root: string; html: string; shell: string; module: string }): Plugin[] {
  const isLanding = (filename: string) => resolve(filename) === resolve(options.html);
  return [
    {
      name: 'ridgeline:prerender-landing',
      transformIndexHtml: {
        order: 'pre',
        async handler(html, ctx) {
          if (!isLanding(ctx.filename)) return html;
          // A separate module runner in Node (no config file): the landing tree imports no browser-only code.
          const { module } = await runnerImport<LandingDocument>(options.module, { root: options.root, configFile: false, logLevel: 'error' });
          const markup = module.renderLandingMarkup();
          // A landing document without its heading would ship an empty page: fail the build instead.
          if (!/<h1[\s>]/.test(markup)) throw new Error(`Pre-rendering the landing page gave no <h1>: ${markup.slice(0, 200)}`);
          if (!html.includes(LANDING_PLACEHOLDER)) throw new Error(`${options.html} has no ${LANDING_PLACEHOLDER}`);
          if (!html.includes(SHARED_HEAD_PLACEHOLDER)) throw new Error(`${options.html} has no ${SHARED_HEAD_PLACEHOLDER}`);
          const head = sharedHead(await readFile(options.shell, 'utf8'));
          return html.replace(SHARED_HEAD_PLACEHOLDER, () => head).replace(LANDING_PLACEHOLDER, () => markup);
        },
      },
    },
    {
      name: 'ridgeline:inline-landing-styles',
      apply: 'build',
      transformIndexHtml: {
        order: 'post',
        handler(html, ctx) {
          return isLanding(ctx.filename) && ctx.bundle ? inlineStylesheets(html, ctx.bundle) : html;
        },
      },
    },
  ];
}
