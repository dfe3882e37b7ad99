import { describe, expect, it, vi } from 'vitest';
import { mapError } from './error-mapper';

const quiet = { log: () => undefined };

describe('mapError', () => {
  // Each expected code with its words, and the messages (two wordings each) that must map to it.
  const expected = {
    NETWORK_ERROR: ['Network error. Please check your connection and try again.', 'Failed to fetch', 'network down'],
    AUTH_ERROR: ['Authentication required. Please sign in and try again.', 'Unauthorized', 'auth session missing'],
    PERMISSION_ERROR: ['You do not have permission to perform this action.', 'Forbidden', 'no permission for that'],
    VALIDATION_ERROR: ['Please check your input and try again.', 'Validation failed', 'invalid phone'],
    SERVER_ERROR: ['Server error. Please try again later.', 'Internal server error'],
    UNKNOWN_ERROR: ['An unexpected error occurred. Please try again.', 'something odd'],
  };
  const cases = Object.entries(expected).flatMap(([code, [text, ...messages]]) => messages.map((message) => [message, code, text]));

  it.each(cases)('%s -> %s', (message, code, text) => {
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
    expect(result).toEqual({
      message: 'An unexpected error occurred. Please try again.',
      code: 'UNKNOWN_ERROR',
      timestamp: '2026-11-22T10:00:00.000Z',
      requestId: 'req-1',
    });
    expect(log).toHaveBeenCalledWith(result, expect.any(Error));
    expect(mapError(new Error('x'), quiet).requestId).not.toBe(mapError(new Error('x'), quiet).requestId);
  });
});
