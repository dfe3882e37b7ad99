import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readCookie, signSessionToken, verifySessionToken } from './session-cookie';

const cookie = { name: 'better-auth.session_token', secret: 'a-secret-of-at-least-thirty-two-characters' };

describe('session cookie', () => {
  it("accepts better-auth's signature: HMAC-SHA256 of the token, standard base64, URI-encoded", () => {
    const signature = createHmac('sha256', cookie.secret).update('tok3n').digest('base64');
    const header = `other=1; ${cookie.name}=${encodeURIComponent(`tok3n.${signature}`)}`;
    expect(verifySessionToken(header, cookie)).toBe('tok3n');
    expect(verifySessionToken(`${cookie.name}=${signSessionToken('tok3n', cookie.secret)}`, cookie)).toBe('tok3n');
  });

  it('refuses a missing, unsigned, forged or other-secret cookie', () => {
    expect(verifySessionToken(undefined, cookie)).toBeNull();
    expect(verifySessionToken('other=1', cookie)).toBeNull();
    expect(verifySessionToken(`${cookie.name}=tok3n`, cookie)).toBeNull();
    const forged = signSessionToken('tok3n', 'another-secret-of-thirty-two-characters!!');
    expect(verifySessionToken(`${cookie.name}=${forged}`, cookie)).toBeNull();
    const swapped = signSessionToken('tok3n', cookie.secret).replace('tok3n', 't0k3n');
    expect(verifySessionToken(`${cookie.name}=${swapped}`, cookie)).toBeNull();
  });

  it('reads the first value of a cookie, unquoted and decoded, as better-call does', () => {
    expect(readCookie('a=1; b="x%20y"; b=2', 'b')).toBe('x y');
    expect(readCookie('a=1', 'b')).toBeNull();
  });
});
