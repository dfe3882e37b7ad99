import { describe, expect, it } from 'vitest';
import { mapError } from './error-mapper';

// The status boundary of the mapper: a message that names nothing known is a server error from
// status 500 up, and unknown below it.

const quiet = { log: () => {}, makeId: () => 'id-1', now: () => new Date('2026-01-01T00:00:00Z') };
const withStatus = (status: number) => Object.assign(new Error('Something odd happened'), { status });

describe('mapError status boundary', () => {
  it('maps status 500 itself (and above) to SERVER_ERROR', () => {
    expect(mapError(withStatus(500), quiet)).toMatchObject({ code: 'SERVER_ERROR', message: 'Server error. Please try again later.' });
    expect(mapError(withStatus(503), quiet).code).toBe('SERVER_ERROR');
  });

  it('leaves status 499 (and below) to the other rules: unknown here', () => {
    expect(mapError(withStatus(499), quiet)).toMatchObject({ code: 'UNKNOWN_ERROR', message: 'An unexpected error occurred. Please try again.' });
    expect(mapError(withStatus(400), quiet).code).toBe('UNKNOWN_ERROR');
  });

  it('reads the status from a plain object too, not only from Error instances', () => {
    expect(mapError({ message: 'odd', status: 500 }, quiet).code).toBe('SERVER_ERROR');
    expect(mapError({ message: 'odd', status: 499 }, quiet).code).toBe('UNKNOWN_ERROR');
  });
});
