import { createHmac, timingSafeEqual } from 'node:crypto';
import { sharePath } from '@ridgeline/shared/domain/documents';

// A share link's URL token: the link's id and an HMAC-SHA256 of it with the server's signing
// secret, so only the server can make one and a changed id or signature is refused. They are joined
// by '_' (never in a UUID): a dot would make the page's path look like a file's to the web server.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function signatureOf(secret: string, linkId: string): string {
  return createHmac('sha256', secret).update(`share-link:${linkId}`).digest('base64url');
}

/** `<linkId>_<signature>`: what the public URL carries. */
export function shareToken(secret: string, linkId: string): string {
  return `${linkId}_${signatureOf(secret, linkId)}`;
}

/** The absolute public URL of a link. */
export function shareUrl(publicUrl: string, secret: string, linkId: string): string {
  return `${publicUrl}${sharePath(shareToken(secret, linkId))}`;
}

/** The link id a token names when its signature is the server's (compared in constant time), else null. */
export function verifyShareToken(secret: string, token: string): string | null {
  const separator = token.indexOf('_');
  if (separator < 0) return null;
  const linkId = token.slice(0, separator);
  if (!UUID.test(linkId)) return null;
  const expected = Buffer.from(signatureOf(secret, linkId));
  const given = Buffer.from(token.slice(separator + 1));
  return expected.length === given.length && timingSafeEqual(expected, given) ? linkId : null;
}
