import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { isAlreadyRegistered } from './auth-errors';

const apiError = (status: number, code: string, message: string) => new ApiError(status, code, message, 'req-1');

describe('already registered', () => {
  it('recognises an already registered address by code or by message', () => {
    expect(isAlreadyRegistered(apiError(409, 'EMAIL_ALREADY_REGISTERED', 'x'))).toBe(true);
    expect(isAlreadyRegistered(apiError(422, 'USER_EXISTS', 'User already exists. Use another email.'))).toBe(true);
    expect(isAlreadyRegistered(apiError(400, 'BAD', 'Email already registered'))).toBe(true);
    expect(isAlreadyRegistered(apiError(400, 'WEAK_PASSWORD', 'Too common'))).toBe(false);
    expect(isAlreadyRegistered(new Error('already exists'))).toBe(false);
  });
});
