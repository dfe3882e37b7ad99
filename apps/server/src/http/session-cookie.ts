import { createHmac, timingSafeEqual } from 'node:crypto';

// better-auth signs its session cookie through better-call: the value is `token.signature`, where
// the signature is HMAC-SHA256(secret, token) in standard base64 (44 characters, padded), and the
// whole value is URI-encoded. Verifying it here, exactly as better-call's getSignedCookie does,
// spares every signed-in request better-auth's own session lookup.

/** The session cookie's name and the secret it is signed with (better-auth's own, from its context). */
export type SessionCookie = { name: string; secret: string };

const SIGNATURE_LENGTH = 44;

/** The first value of a cookie in a Cookie header (quotes removed, URI-decoded), as better-call reads it. */
export function readCookie(header: string, name: string): string | null {
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"')) value = value.slice(1, -1);
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}

/** The session token when the cookie carries a valid signature; null when absent or forged. */
export function verifySessionToken(cookieHeader: string | undefined, cookie: SessionCookie): string | null {
  if (!cookieHeader) return null;
  const value = readCookie(cookieHeader, cookie.name);
  if (!value) return null;
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== SIGNATURE_LENGTH || !signature.endsWith('=')) return null;
  const expected = createHmac('sha256', cookie.secret).update(token).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/** Signs a token as better-auth does (for tests of the verifier). */
export function signSessionToken(token: string, secret: string): string {
  return encodeURIComponent(`${token}.${createHmac('sha256', secret).update(token).digest('base64')}`);
}
