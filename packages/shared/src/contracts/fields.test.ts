import { describe, expect, it } from 'vitest';
import { adminUserQuerySchema, impersonationRequestSchema, setUserEnabledSchema } from './admin';
import { signInSchema, signUpSchema, userExistsSchema } from './auth';
import { contactEmailSchema, contactPhoneSchema, freeTextSchema, searchTermSchema } from './fields';
import { inviteSchema, updateMeSchema } from './team';

// The sanitizers are in use on the contract fields: what a request carries is cleaned before the
// server sees it, and names with an apostrophe pass untouched.

describe('contact fields', () => {
  it('clean e-mails (trim, lowercase) and refuse what is not an address', () => {
    expect(contactEmailSchema.parse('  Dana@Summit.EXAMPLE ')).toBe('dana@summit.example');
    expect(contactEmailSchema.safeParse('not an email').success).toBe(false);
    expect(contactEmailSchema.safeParse('a@b').success).toBe(false);
    expect(contactEmailSchema.safeParse(`${'a'.repeat(5000)}@x.io`).success).toBe(false);
    expect(contactEmailSchema.parse("o'brien@example.com")).toBe("o'brien@example.com");
  });

  it('clean phones to digits and + - ( ) . and refuse what is left too short', () => {
    expect(contactPhoneSchema.parse(' +1 (405) 555-0134 ')).toBe('+1 (405) 555-0134');
    expect(contactPhoneSchema.parse('+1 (405) 555-0134 ext.<b>9</b>')).toBe('+1 (405) 555-0134 .9');
    expect(contactPhoneSchema.safeParse('call me maybe').success).toBe(false);
    expect(contactPhoneSchema.safeParse('123').success).toBe(false);
  });

  it('are the ones the request contracts use', () => {
    const signUp = signUpSchema.parse({
      firstName: 'Siobhan',
      lastName: "O'Brien",
      companyName: "O'Brien & Sons Roofing",
      phone: '(405) 555-0199 <x>',
      email: ' Siobhan.OBrien@Example.com ',
      password: 'Granite-Ridge-42',
    });
    expect(signUp).toMatchObject({ lastName: "O'Brien", companyName: "O'Brien & Sons Roofing", phone: '(405) 555-0199', email: 'siobhan.obrien@example.com' });
    expect(signInSchema.parse({ email: ' A@B.io ', password: 'x' }).email).toBe('a@b.io');
    expect(userExistsSchema.parse({ _email: ' A@B.io ' })._email).toBe('a@b.io');
    expect(inviteSchema.parse({ email: ' New@Crew.io ', role: 'member' }).email).toBe('new@crew.io');
    expect(updateMeSchema.parse({ lastName: "O'Brien", phone: '555-0100 x' })).toEqual({ lastName: "O'Brien", phone: '555-0100' });
    expect(updateMeSchema.parse({ phone: '' })).toEqual({ phone: '' });
  });
});

describe('search terms and stored free text', () => {
  it("drop quotes, semicolons and backslashes from a search, but keep O'Brien", () => {
    expect(searchTermSchema().parse(" O'Brien ")).toBe("O'Brien");
    expect(searchTermSchema().parse(`x'; drop table "user"; --\\`)).toBe('x drop table user --');
    expect(adminUserQuerySchema.parse({ q: "o'brien" }).q).toBe("o'brien");
    expect(adminUserQuerySchema.parse({}).q).toBe('');
    expect(adminUserQuerySchema.safeParse({ q: 'x'.repeat(500) }).success).toBe(false);
  });

  it('strip markup from stored reasons and still require one to start impersonating', () => {
    expect(freeTextSchema(500).parse(" Customer's <b>request</b> ")).toBe("Customer's brequestb");
    const start = impersonationRequestSchema.parse({ action: 'start', targetUserId: 'u1', reason: '<script>"help"</script>' });
    expect(start).toMatchObject({ reason: 'scripthelpscript' });
    expect(impersonationRequestSchema.safeParse({ action: 'start', targetUserId: 'u1', reason: ' <> ' }).success).toBe(false);
    expect(setUserEnabledSchema.parse({ isEnabled: false, reason: 'Chargeback / fraud' }).reason).toBe('Chargeback fraud');
  });
});
