import { createHmac, timingSafeEqual } from 'node:crypto';

// The key of a mailed invitation link: an HMAC-SHA256 of the invitation's id and address with the
// server's invitation secret. Only the mail carries it (the team page lists an invitation, never its
// key), so a sign-up that brings it was made by someone who read that address's mail: it proves the
// address, as the confirmation link would.

function keyOf(secret: string, invitationId: string, email: string): string {
  return createHmac('sha256', secret).update(`invitation:${invitationId}:${email.toLowerCase()}`).digest('base64url');
}

/** The key the invitation mail's link carries. */
export function invitationKey(secret: string, invitationId: string, email: string): string {
  return keyOf(secret, invitationId, email);
}

/** Whether `key` is this invitation's key for this address (compared in constant time). */
export function isInvitationKey(secret: string, invitationId: string, email: string, key: string): boolean {
  const expected = Buffer.from(keyOf(secret, invitationId, email));
  const given = Buffer.from(key);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
