import { describe, expect, it, vi } from 'vitest';
import { mapError } from './error-mapper';

const quiet = { log: () => undefined };

describe('mapError', () => {
  it.each([
    ['Failed to fetch', 'NETWORK_ERROR', 'Network error. Please check your connection and try again.'],
    ['network down', 'NETWORK_ERROR', 'Network error. Please check your connection and try again.'],
    ['Unauthorized', 'AUTH_ERROR', 'Authentication required. Please sign in and try again.'],
    ['auth session missing', 'AUTH_ERROR', 'Authentication required. Please sign in and try again.'],
    ['Forbidden', 'PERMISSION_ERROR', 'You do not have permission to perform this action.'],
    ['no permission for that', 'PERMISSION_ERROR', 'You do not have permission to perform this action.'],
    ['Validation failed', 'VALIDATION_ERROR', 'Please check your input and try again.'],
    ['invalid phone', 'VALIDATION_ERROR', 'Please check your input and try again.'],
    ['Internal server error', 'SERVER_ERROR', 'Server error. Please try again later.'],
    ['something odd', 'UNKNOWN_ERROR', 'An unexpected error occurred. Please try again.'],
  ])('%s -> %s', (message, code, text) => {
    expect(mapError(new Error(message), quiet)).toMatchObject({ code, message: text });
  });

  it('applies the rules in order (network before auth)', () => {
    expect(mapError(new Error('fetch failed: unauthorized'), quiet).code).toBe('NETWORK_ERROR');
  });

  it('treats a status of 500 or more as a server error', () => {
    expect(mapError({ message: 'Bad gateway', status: 502 }, quiet).code).toBe('SERVER_ERROR');
    expect(mapError('', quiet).code).toBe('UNKNOWN_ERROR');
  });

  it('gives every error a generated request id and a timestamp, and logs it', () => {
    const log = vi.fn();
    const result = mapError(new Error('boom'), { makeId: () => 'req-1', now: () => new Date('2026-11-22T10:00:00Z'), log });
    expect(result).toEqual({ message: 'An unexpected error occurred. Please try again.', code: 'UNKNOWN_ERROR', timestamp: '2026-11-22T10:00:00.000Z', requestId: 'req-1' });
    expect(log).toHaveBeenCalledWith(result, expect.any(Error));
    expect(mapError(new Error('x'), quiet).requestId).not.toBe(mapError(new Error('x'), quiet).requestId);
  });
});
