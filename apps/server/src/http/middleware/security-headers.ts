import { createMiddleware } from 'hono/factory';
import { secureHeaders } from 'hono/secure-headers';

type SecureHeadersOptions = NonNullable<Parameters<typeof secureHeaders>[0]>;
import { EMBED_HOSTS } from '@ridgeline/shared/domain/tutorial-embed';
import type { Config } from '../../config';
import type { AppEnv } from '../context';

// The Content-Security-Policy and the other security headers on every response (docs/security.md).
// No inline script runs: the built app has none, and 'unsafe-inline' is never given to scripts.

/** Video hosts the tutorial dialog may frame: https YouTube or Vimeo only. */
export const EMBED_FRAME_HOSTS = EMBED_HOSTS.map((host) => `https://${host}`);

const HSTS = 'max-age=31536000; includeSubDomains';

/** Where stored objects are served (features/storage): every answer under it is sandboxed. */
export const STORED_FILES_PATH = '/api/storage/';

/** The policy's directives, for the headers and for the docs' tests. */
export function cspDirectives(config: Pick<Config, 'frameAncestors'>) {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    scriptSrcAttr: ["'none'"],
    // Radix and sonner position elements with inline styles; styles cannot run code.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    mediaSrc: ["'self'", 'blob:'],
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    frameSrc: EMBED_FRAME_HOSTS,
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'self'", ...config.frameAncestors],
  };
}

/** Served over HTTPS: the public URL says so, or a trusted proxy in front of us does (middleware/trusted-proxy.ts). */
function isHttps(url: string, forwardedHttps: boolean, publicUrl: string): boolean {
  return url.startsWith('https:') || forwardedHttps || publicUrl.startsWith('https:');
}

export function securityHeaders(config: Config) {
  const base: SecureHeadersOptions = {
    contentSecurityPolicy: cspDirectives(config),
    referrerPolicy: 'strict-origin-when-cross-origin',
    xFrameOptions: false,
    crossOriginEmbedderPolicy: false,
    permissionsPolicy: { camera: ['self'], microphone: ['self'], geolocation: ['self'] },
  };
  // Hashed, immutable scripts and styles under /assets are never documents or workers: they keep
  // nosniff and Cross-Origin-Resource-Policy; the document headers would add a kilobyte to each.
  const asset: SecureHeadersOptions = {
    contentSecurityPolicy: undefined,
    permissionsPolicy: undefined,
    xFrameOptions: false,
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    referrerPolicy: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  };
  // Stored files (what people upload, served from our origin) get the same policy plus `sandbox`: a
  // file opened in a tab runs no script, submits no form and reaches no storage or cookie of the app,
  // whatever its bytes say.
  const stored: SecureHeadersOptions = { ...base, contentSecurityPolicy: { ...cspDirectives(config), sandbox: [] } };
  const variants = {
    plain: secureHeaders({ ...base, strictTransportSecurity: false }),
    https: secureHeaders({ ...base, strictTransportSecurity: HSTS }),
    assetPlain: secureHeaders({ ...asset, strictTransportSecurity: false }),
    assetHttps: secureHeaders({ ...asset, strictTransportSecurity: HSTS }),
    storedPlain: secureHeaders({ ...stored, strictTransportSecurity: false }),
    storedHttps: secureHeaders({ ...stored, strictTransportSecurity: HSTS }),
  };
  return createMiddleware<AppEnv>((c, next) => {
    const https = isHttps(c.req.url, c.get('forwardedHttps') === true, config.publicUrl);
    if (c.req.path.startsWith('/assets/')) return https ? variants.assetHttps(c, next) : variants.assetPlain(c, next);
    if (c.req.path.startsWith(STORED_FILES_PATH)) return https ? variants.storedHttps(c, next) : variants.storedPlain(c, next);
    return https ? variants.https(c, next) : variants.plain(c, next);
  });
}
