import { describe, expect, it } from 'vitest';
import { displayName, isBanActive } from './users';

describe('displayName', () => {
  it('prefers first and last name, then the account name, then the e-mail', () => {
    expect(displayName({ firstName: 'Ana', lastName: "O'Brien", name: 'x', email: 'a@x.test' })).toBe("Ana O'Brien");
    expect(displayName({ firstName: 'Ana', lastName: '' })).toBe('Ana');
    expect(displayName({ firstName: ' ', lastName: '', name: 'Account Name' })).toBe('Account Name');
    expect(displayName({ firstName: '', lastName: '', name: '', email: 'a@x.test' })).toBe('a@x.test');
  });
});

describe('isBanActive', () => {
  const now = Date.parse('2026-06-01T12:00:00Z');
  it('is off without a ban, on for a ban without an end, and only until a ban ends', () => {
    expect(isBanActive({ banned: false }, now)).toBe(false);
    expect(isBanActive({ banned: null, banExpires: '2099-01-01' }, now)).toBe(false);
    expect(isBanActive({ banned: true, banExpires: null }, now)).toBe(true);
    expect(isBanActive({ banned: true, banExpires: new Date(now + 1000) }, now)).toBe(true);
    expect(isBanActive({ banned: true, banExpires: new Date(now) }, now)).toBe(false);
    expect(isBanActive({ banned: true, banExpires: '2026-06-01T11:59:59Z' }, now)).toBe(false);
  });
});
