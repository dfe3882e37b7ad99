import { describe, expect, it } from 'vitest';
import { errorMessage } from '@ridgeline/shared/domain/errors';
import { ApiError } from './api-client';
import { DEVICE_STORAGE_FULL, errorText, retryAfterMessage } from './error-text';

const apiError = (status: number, code: string, message: string, retryAfter: number | null = null) => new ApiError(status, code, message, 'req-1', retryAfter);

describe('error text', () => {
  it("the phone's storage full (IndexedDB's quota, also inside Dexie's error) says so instead of 'try again'", () => {
    expect(errorText(new DOMException('The quota has been exceeded.', 'QuotaExceededError'))).toBe(DEVICE_STORAGE_FULL);
    const dexieError = Object.assign(new Error('QuotaExceededError'), { name: 'AbortError', inner: new DOMException('full', 'QuotaExceededError') });
    expect(errorText(dexieError)).toBe(DEVICE_STORAGE_FULL);
    expect(errorText(new Error('something else'))).not.toBe(DEVICE_STORAGE_FULL);
  });

  it('a 429 says when the user may try again', () => {
    const now = new Date(2026, 2, 2, 14, 5, 0);
    expect(retryAfterMessage(1800, now)).toBe('Too many attempts. Try again at 14:35 (in 30 minutes).');
    expect(retryAfterMessage(45, now)).toBe('Too many attempts. Try again at 14:05 (in 1 minute).');
    expect(retryAfterMessage(null, now)).toBe('Too many attempts. Please wait a few minutes and try again.');
    expect(errorText(apiError(429, 'RATE_LIMITED', 'Too many requests', 600))).toMatch(/^Too many attempts\. Try again at \d\d:\d\d \(in 10 minutes\)\.$/);
  });

  it("the company's daily assistant limit (a 429) says the server's sentence, not 'try again in a few minutes'", () => {
    const limit = "Your company has used all 5 of today's assistant answers. The count starts again at midnight UTC; an owner can raise the limit in Settings.";
    expect(errorText(apiError(429, 'ASSISTANT_DAILY_LIMIT', limit))).toBe(limit);
  });

  it("an upload quota's refusals say the server's sentence: an hour's uploads used (429), the company's storage full (413)", () => {
    const hour = 'Your uploads this hour have reached the limit of 5 GB per person. Uploads can continue in 20 minutes.';
    expect(errorText(apiError(429, 'UPLOAD_QUOTA_EXCEEDED', hour, 1200))).toBe(hour);
    const full = "Your company's storage is full: it keeps at most 500 GB of files and photos. Delete what it no longer needs to make room for this upload.";
    expect(errorText(apiError(413, 'STORAGE_FULL', full))).toBe(full);
  });

  it("the user's own earlier read still running (a 429) says so, not 'too many attempts'", () => {
    expect(errorText(apiError(429, 'READ_IN_PROGRESS', '', 1))).toBe(errorMessage('READ_IN_PROGRESS'));
  });

  it('an unverified address gets a helpful message', () => {
    expect(errorText(apiError(403, 'EMAIL_NOT_VERIFIED', 'Email not verified'))).toMatch(/confirm your email address/);
  });

  it("otherwise the server's message, or a generic one for non-API errors", () => {
    expect(errorText(apiError(401, 'INVALID_CREDENTIALS', 'Invalid email or password'))).toBe('Invalid email or password');
    expect(errorText(new Error('boom'))).toBe('An unexpected error occurred. Please try again.');
  });

  it('an API answer with no message gets the catalogue words; a lost connection and unknown codes are worded too', () => {
    expect(errorText(apiError(404, 'NOT_FOUND', ''))).toBe('We could not find what you were looking for.');
    expect(errorText(apiError(0, 'NETWORK_ERROR', 'Network error. Please check your connection and try again.'))).toBe(
      'Network error. Please check your connection and try again.',
    );
    expect(errorText(new TypeError('Failed to fetch'))).toBe('Network error. Please check your connection and try again.');
    expect(errorText(apiError(418, 'TEAPOT', ''))).toBe('An unexpected error occurred. Please try again.');
  });
});
