import { describe, expect, it } from 'vitest';
import { pick } from './pick';

describe('pick', () => {
  it('keeps only the named fields, null and undefined values included', () => {
    const row = { id: 'r1', email: 'a@example.com', phone: null, image: undefined, secret: 'hidden' };
    expect(pick(row, ['id', 'phone', 'image'])).toStrictEqual({ id: 'r1', phone: null, image: undefined });
  });
});
