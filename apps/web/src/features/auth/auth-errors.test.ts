import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { authErrorMessage, isAlreadyRegistered, retryAfterMessage } from './auth-errors';

const apiError = (status: number, code: string, message: string, retryAfter: number | null = null) =>
  new ApiError(status, code, message, 'req-1', retryAfter);

describe('auth error messages', () => {
  it('a 429 says when the user may try again', () => {
    const now = new Date(2026, 2, 2, 14, 5, 0);
    expect(retryAfterMessage(1800, now)).toBe('Too many attempts. Try again at 14:35 (in 30 minutes).');
    expect(retryAfterMessage(45, now)).toBe('Too many attempts. Try again at 14:05 (in 1 minute).');
    expect(retryAfterMessage(null, now)).toBe('Too many attempts. Please wait a few minutes and try again.');
    expect(authErrorMessage(apiError(429, 'RATE_LIMITED', 'Too many requests', 600))).toMatch(/^Too many attempts\. Try again at \d\d:\d\d \(in 10 minutes\)\.$/);
  });

  it('an unverified address gets a helpful message', () => {
    expect(authErrorMessage(apiError(403, 'EMAIL_NOT_VERIFIED', 'Email not verified'))).toMatch(/confirm your email address/);
  });

  it("otherwise the server's message, or a generic one for non-API errors", () => {
    expect(authErrorMessage(apiError(401, 'INVALID_CREDENTIALS', 'Invalid email or password'))).toBe('Invalid email or password');
    expect(authErrorMessage(new Error('boom'))).toBe('An unexpected error occurred. Please try again.');
  });

  it('recognises an already registered address by code or by message', () => {
    expect(isAlreadyRegistered(apiError(409, 'EMAIL_ALREADY_REGISTERED', 'x'))).toBe(true);
    expect(isAlreadyRegistered(apiError(422, 'USER_EXISTS', 'User already exists. Use another email.'))).toBe(true);
    expect(isAlreadyRegistered(apiError(400, 'BAD', 'Email already registered'))).toBe(true);
    expect(isAlreadyRegistered(apiError(400, 'WEAK_PASSWORD', 'Too common'))).toBe(false);
    expect(isAlreadyRegistered(new Error('already exists'))).toBe(false);
  });
});
