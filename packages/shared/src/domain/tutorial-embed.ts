// Tutorial embeds: shown only when the iframe source is an https YouTube or Vimeo
// host; otherwise nothing. The stored embed is parsed here and the app renders its own iframe: the
// stored HTML is never injected.

/** The https hosts a tutorial may be framed from (the CSP's frame-src lists the same). */
export const EMBED_HOSTS = ['www.youtube.com', 'youtube.com', 'www.youtube-nocookie.com', 'youtube-nocookie.com', 'player.vimeo.com'] as const;

const WATCH_HOSTS = new Set(['www.youtube.com', 'youtube.com', 'm.youtube.com']);
const VIDEO_ID = /^[\w-]{6,20}$/;

/** The `src` of an `<iframe>` snippet, or the text itself when it is a bare URL. */
function sourceOf(embed: string): string | null {
  const trimmed = embed.trim();
  if (!trimmed.startsWith('<')) return trimmed;
  if (!/^<iframe[\s>]/i.test(trimmed)) return null;
  const match = /\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(trimmed);
  const raw = match?.[1] ?? match?.[2] ?? match?.[3];
  return raw ? raw.replace(/&amp;/g, '&') : null;
}

/**
 * The safe https embed URL for a stored embed (an iframe snippet or a video link), or null. Watch
 * links (youtube.com/watch?v=, youtu.be/, vimeo.com/<id>) become their embed URLs.
 */
export function safeEmbedUrl(embed: string | null | undefined): string | null {
  if (!embed || embed.length > 4000) return null;
  const source = sourceOf(embed);
  if (!source) return null;
  let url: URL;
  try {
    url = new URL(source);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase();
  if (WATCH_HOSTS.has(host) && url.pathname === '/watch') {
    const id = url.searchParams.get('v');
    return id && VIDEO_ID.test(id) ? `https://www.youtube.com/embed/${id}` : null;
  }
  if ((EMBED_HOSTS as readonly string[]).includes(host)) {
    const isVideoPath = host === 'player.vimeo.com' ? /^\/video\/\d+\/?$/.test(url.pathname) : /^\/embed\/[\w-]+\/?$/.test(url.pathname);
    return isVideoPath ? url.toString() : null;
  }
  if (host === 'youtu.be') {
    const id = url.pathname.slice(1);
    return VIDEO_ID.test(id) ? `https://www.youtube.com/embed/${id}` : null;
  }
  if (host === 'vimeo.com' || host === 'www.vimeo.com') {
    const id = url.pathname.slice(1).replace(/\/$/, '');
    return /^\d{5,12}$/.test(id) ? `https://player.vimeo.com/video/${id}` : null;
  }
  return null;
}

/** The tutorial route to look up for a page: `/projects/123` falls back to `/projects/*`. */
export function tutorialRoutesFor(path: string): string[] {
  const clean = path.split(/[?#]/)[0] ?? '/';
  const normalized = clean.length > 1 ? clean.replace(/\/+$/, '') : clean;
  const first = normalized.split('/')[1];
  return first && normalized !== `/${first}` ? [normalized, `/${first}/*`] : [normalized];
}

/** The longest written guide: a few short steps, read in the help dialog. */
export const GUIDE_MAX_LENGTH = 2000;

/** A written guide's steps: one a line, blank lines and list marks ("1.", "-") dropped. */
export function guideSteps(guide: string | null | undefined): string[] {
  if (!guide) return [];
  return guide
    .split(/\r?\n/)
    .map((line) => line.replace(/^\s*(?:\d+[.)]|[-*•])\s*/, '').trim())
    .filter((line) => line.length > 0);
}
