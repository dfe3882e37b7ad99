import { BASE_ERROR_CODES } from 'better-auth';
import { ADMIN_ERROR_CODES } from 'better-auth/client/plugins';
import { TWO_FACTOR_ERROR_CODES } from 'better-auth/plugins';
import { describe, expect, it } from 'vitest';
import { errorStatus, isErrorCode } from '@ridgeline/shared/domain/errors';
import { authErrorCode } from './auth.gateway';

// Every code better-auth (and the plugins Ridgeline uses) can answer with becomes a catalogue code
// whose status is the status actually sent.
const BETTER_AUTH_CODES = [
  ...Object.keys(BASE_ERROR_CODES),
  ...Object.keys(TWO_FACTOR_ERROR_CODES),
  ...Object.keys(ADMIN_ERROR_CODES),
  'BANNED_USER',
  'UNAUTHORIZED',
];
const STATUSES = [400, 401, 403, 404, 405, 409, 422, 429, 500];

describe('better-auth error codes', () => {
  it('maps every code, at every status, to a catalogue code sent with that status', () => {
    expect(BETTER_AUTH_CODES.length).toBeGreaterThan(40);
    for (const code of [...BETTER_AUTH_CODES, undefined]) {
      for (const status of STATUSES) {
        const mapped = authErrorCode(code, status);
        expect(isErrorCode(mapped), `${code} ${status}`).toBe(true);
        expect(errorStatus(mapped), `${code} ${status}`).toBe(status);
      }
    }
  });

  it("passes the catalogue's better-auth codes through at their status, and a ban as ACCOUNT_DISABLED", () => {
    const passed = BETTER_AUTH_CODES.filter(isErrorCode);
    expect(passed).toEqual(expect.arrayContaining(['INVALID_EMAIL_OR_PASSWORD', 'EMAIL_NOT_VERIFIED', 'INVALID_PASSWORD', 'INVALID_ORIGIN']));
    for (const code of passed) expect(authErrorCode(code, errorStatus(code))).toBe(code);
    expect(authErrorCode('BANNED_USER', 403)).toBe('ACCOUNT_DISABLED');
    expect(authErrorCode('INVALID_TOKEN', 401)).toBe('UNAUTHENTICATED');
    expect(authErrorCode('SOMETHING_NEW', 400)).toBe('VALIDATION_ERROR');
  });
});
