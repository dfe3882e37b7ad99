import { createHmac, timingSafeEqual } from 'node:crypto';
import { sharePath } from '@ridgeline/shared/domain/documents';

// A share link's URL token: the link's id and an HMAC-SHA256 of it with the server's signing
// secret, so only the server can make one and a changed id or signature is refused.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function signatureOf(secret: string, linkId: string): string {
  return createHmac('sha256', secret).update(`share-link:${linkId}`).digest('base64url');
}

/** `<linkId>.<signature>`: what the public URL carries. */
export function shareToken(secret: string, linkId: string): string {
  return `${linkId}.${signatureOf(secret, linkId)}`;
}

/** The absolute public URL of a link. */
export function shareUrl(publicUrl: string, secret: string, linkId: string): string {
  return `${publicUrl}${sharePath(shareToken(secret, linkId))}`;
}

/** The link id a token names when its signature is the server's (compared in constant time), else null. */
export function verifyShareToken(secret: string, token: string): string | null {
  const dot = token.indexOf('.');
  if (dot < 0) return null;
  const linkId = token.slice(0, dot);
  if (!UUID.test(linkId)) return null;
  const expected = Buffer.from(signatureOf(secret, linkId));
  const given = Buffer.from(token.slice(dot + 1));
  return expected.length === given.length && timingSafeEqual(expected, given) ? linkId : null;
}
