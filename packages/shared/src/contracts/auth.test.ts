import { describe, expect, it } from 'vitest';
import { factorVerifySchema, passwordSchema, signUpSchema } from './auth';
import { emailSchema, phoneSchema } from './common';

const valid = {
  firstName: 'Robin',
  lastName: 'Slate',
  companyName: 'Ridge Roofing',
  phone: '+1 (555) 010-2030',
  email: '  Robin@Example.COM ',
  password: 'Granite-Ridge-42',
};

describe('auth contracts', () => {
  it('normalises the e-mail and trims names', () => {
    expect(signUpSchema.parse({ ...valid, firstName: ' Robin ' })).toMatchObject({ email: 'robin@example.com', firstName: 'Robin' });
    expect(emailSchema.safeParse('not-an-email').success).toBe(false);
    expect(emailSchema.safeParse(`${'a'.repeat(250)}@x.io`).success).toBe(false);
  });

  it('bounds passwords to 8..128 characters', () => {
    expect(passwordSchema.safeParse('a'.repeat(7)).success).toBe(false);
    expect(passwordSchema.safeParse('a'.repeat(8)).success).toBe(true);
    expect(passwordSchema.safeParse('a'.repeat(128)).success).toBe(true);
    expect(passwordSchema.safeParse('a'.repeat(129)).success).toBe(false);
  });

  it('refuses overlong or empty fields and bad phones', () => {
    expect(signUpSchema.safeParse({ ...valid, companyName: 'x'.repeat(10_000) }).success).toBe(false);
    expect(signUpSchema.safeParse({ ...valid, firstName: '   ' }).success).toBe(false);
    expect(phoneSchema.safeParse('call me maybe').success).toBe(false);
    expect(phoneSchema.safeParse('123').success).toBe(false);
  });

  it('wants a 6-digit factor code', () => {
    expect(factorVerifySchema.safeParse({ code: '123456', challenge_id: 'c' }).success).toBe(true);
    expect(factorVerifySchema.safeParse({ code: '12345a', challenge_id: 'c' }).success).toBe(false);
  });
});
