import { describe, expect, it } from 'vitest';
import { EMAIL_ALREADY_REGISTERED_MESSAGE, OFFLINE_MESSAGES } from './auth-messages';
import { errorBodySchema, ERROR_CODES } from './errors';
import { REQUEST_ID_HEADER } from './http';
import { COMMON_PASSWORD_MESSAGE, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password-policy';

describe('error shape and messages', () => {
  it('accepts the one wire error shape and refuses others', () => {
    const body = { error: { message: 'm', code: 'NOT_FOUND', timestamp: '2026-01-01T00:00:00.000Z', requestId: 'r-12345678' } };
    expect(errorBodySchema.parse(body)).toEqual(body);
    expect(errorBodySchema.safeParse({ code: 'X', message: 'better-auth shape' }).success).toBe(false);
    expect(errorBodySchema.safeParse({ error: { message: 'm', code: 'X' } }).success).toBe(false);
    expect(REQUEST_ID_HEADER).toBe('X-Request-Id');
    expect(ERROR_CODES).toContain('WEAK_PASSWORD');
  });

  it("quotes the product's strings exactly", () => {
    expect(EMAIL_ALREADY_REGISTERED_MESSAGE).toBe('This email is already registered. Please sign in or reset your password.');
    expect(OFFLINE_MESSAGES.signIn).toBe('Cannot sign in while offline');
    expect(COMMON_PASSWORD_MESSAGE).toMatch(/too common/);
    expect([PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH]).toEqual([8, 128]);
  });
});
