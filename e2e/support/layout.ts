import { expect, type Page } from '@playwright/test';

// Layout checks a phone screen must pass: nothing wider than the viewport (no sideways scrolling) and
// no control cut off at its edge or spilling its words out of itself, and a floating button that
// covers no control it should leave clear.

/** The phone sizes every field screen is checked at: a common Android (360 px) and an iPhone (390 px). */
export const PHONES = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
] as const;

export type Overflow = { page: { scrollWidth: number; clientWidth: number; wide: string[] }; controls: string[] };

// Runs in the page (a string, so the e2e project needs no DOM types). A control is a button, a link,
// a form field, a tab or anything with a button's role; one not drawn (no size, `display: none`,
// `visibility: hidden`, the screen-reader-only text) is left out. A control inside a container that
// scrolls sideways by design (a tab strip, a wide table) is judged by that container's box.
const MEASURE = `(() => {
  const doc = document.documentElement;
  const width = doc.clientWidth;
  const controls = [];
  const selector = 'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"], [role="link"], summary';
  const drawn = (el) => {
    const style = getComputedStyle(el);
    if (style.display === 'none' || style.visibility === 'hidden') return false;
    const r = el.getBoundingClientRect();
    return r.width > 1 && r.height > 1;
  };
  const scroller = (el) => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const o = getComputedStyle(p).overflowX;
      if ((o === 'auto' || o === 'scroll') && p.scrollWidth > p.clientWidth) return p;
    }
    return null;
  };
  const describe = (el) => {
    const name = (el.getAttribute('aria-label') || el.textContent || el.getAttribute('name') || el.getAttribute('placeholder') || '').replace(/\\s+/g, ' ').trim().slice(0, 60);
    return el.tagName.toLowerCase() + ' "' + name + '"';
  };
  for (const el of document.querySelectorAll(selector)) {
    if (!drawn(el)) continue;
    const box = (scroller(el) || el).getBoundingClientRect();
    if (box.left < -1 || box.right > width + 1) {
      controls.push(describe(el) + ' runs off the screen (' + Math.round(box.left) + ' to ' + Math.round(box.right) + ' of ' + width + ' px)');
      continue;
    }
    const field = el.matches('input, select, textarea');
    if (!field && el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'auto') {
      controls.push(describe(el) + ' is cut off inside (' + el.scrollWidth + ' px of words in ' + el.clientWidth + ' px)');
    }
  }
  // What makes the page wide: the words (text that does not wrap) and the innermost elements
  // reaching past its right edge.
  const wide = [];
  const words = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = words.nextNode(); node && wide.length < 5; node = words.nextNode()) {
    const parent = node.parentElement;
    if (!parent || !drawn(parent) || scroller(parent)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const right = range.getBoundingClientRect().right;
    if (right > width + 1) wide.push('the words "' + node.textContent.trim().slice(0, 60) + '" in ' + describe(parent) + ' reach ' + Math.round(right) + ' px');
  }
  for (const el of document.body.querySelectorAll('*')) {
    if (wide.length >= 5) break;
    if (!drawn(el) || scroller(el) || el.getBoundingClientRect().right <= width + 1) continue;
    if ([...el.children].some((child) => drawn(child) && child.getBoundingClientRect().right > width + 1)) continue;
    wide.push(describe(el) + ' reaches ' + Math.round(el.getBoundingClientRect().right) + ' px');
  }
  return { page: { scrollWidth: Math.max(doc.scrollWidth, document.body.scrollWidth), clientWidth: width, wide }, controls };
})()`;

/** What overflows on the page as it stands. */
export async function measureOverflow(page: Page): Promise<Overflow> {
  return (await page.evaluate(MEASURE)) as Overflow;
}

/** The page scrolls no wider than the viewport and every control fits on it, its words inside it. */
export async function expectNoHorizontalOverflow(page: Page, where = new URL(page.url()).pathname): Promise<void> {
  const found = await measureOverflow(page);
  expect(found.page.scrollWidth, `${where}: the page is wider than the screen (${found.page.wide.join('; ')})`).toBeLessThanOrEqual(found.page.clientWidth);
  expect(found.controls, `${where}: controls that do not fit`).toEqual([]);
}

export type Box = { x: number; y: number; width: number; height: number };

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * The controls (by their words) that `cover` (a floating button's selector) lies over, among those
 * inside `within` (a selector; the whole page when left out) that are in view.
 */
export async function controlsUnder(page: Page, cover: string, within = 'body'): Promise<string[]> {
  const covering = await page.locator(cover).boundingBox();
  if (!covering) return [];
  const boxes = (await page.evaluate(`(() => {
    const out = [];
    const covering = document.querySelector(${JSON.stringify(cover)});
    for (const root of document.querySelectorAll(${JSON.stringify(within)})) {
      for (const el of root.querySelectorAll('a[href], button, input:not([type="hidden"]), select, textarea, [role="button"]')) {
        if (covering && (covering === el || covering.contains(el) || el.contains(covering))) continue;
        const r = el.getBoundingClientRect();
        if (r.width <= 1 || r.height <= 1 || r.bottom <= 0 || r.top >= innerHeight) continue;
        const words = (el.getAttribute('aria-label') || el.textContent || el.getAttribute('name') || '').replace(/\\s+/g, ' ').trim().slice(0, 60);
        out.push({ name: el.tagName.toLowerCase() + ' "' + words + '"', box: { x: r.x, y: r.y, width: r.width, height: r.height } });
      }
    }
    return out;
  })()`)) as { name: string; box: Box }[];
  return boxes.filter((b) => overlaps(b.box, covering)).map((b) => b.name);
}

/**
 * What `cover` (a floating or docked button's selector) lies over, as the page stands: every control
 * and every run of words (a figure, a label) in view that its box intersects, other than itself.
 */
export async function contentUnder(page: Page, cover: string): Promise<string[]> {
  return (await page.evaluate(`(() => {
    const covering = document.querySelector(${JSON.stringify(cover)});
    if (!covering) return [];
    const c = covering.getBoundingClientRect();
    const hit = (r) => r.width > 1 && r.height > 1 && r.bottom > 0 && r.top < innerHeight && r.left < c.right && c.left < r.right && r.top < c.bottom && c.top < r.bottom;
    const mine = (el) => covering === el || covering.contains(el) || el.contains(covering);
    const drawn = (el) => { const s = getComputedStyle(el); return s.display !== 'none' && s.visibility !== 'hidden' && Number(s.opacity) > 0; };
    const out = [];
    for (const el of document.querySelectorAll('a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"], summary')) {
      if (mine(el) || !drawn(el)) continue;
      if (hit(el.getBoundingClientRect())) out.push(el.tagName.toLowerCase() + ' "' + (el.getAttribute('aria-label') || el.textContent || el.getAttribute('name') || '').replace(/\\s+/g, ' ').trim().slice(0, 60) + '"');
    }
    const words = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = words.nextNode(); node; node = words.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !node.textContent.trim() || mine(parent) || !drawn(parent) || parent.closest('.sr-only')) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      if ([...range.getClientRects()].some(hit)) out.push('the words "' + node.textContent.trim().slice(0, 60) + '"');
    }
    return out;
  })()`)) as string[];
}

/** The boxes of the toasts on the screen that reach past the viewport's edges (by their words). */
export async function toastsOffScreen(page: Page): Promise<string[]> {
  return (await page.evaluate(`(() => [...document.querySelectorAll('[data-sonner-toast]')]
    .map((el) => ({ el, r: el.getBoundingClientRect() }))
    .filter(({ r }) => r.width > 0 && (r.left < -1 || r.top < -1 || r.right > document.documentElement.clientWidth + 1 || r.bottom > innerHeight + 1))
    .map(({ el, r }) => '"' + el.textContent.replace(/\\s+/g, ' ').trim().slice(0, 60) + '" at ' + Math.round(r.left) + ' to ' + Math.round(r.right) + ' of ' + document.documentElement.clientWidth + ' px'))()`)) as string[];
}
