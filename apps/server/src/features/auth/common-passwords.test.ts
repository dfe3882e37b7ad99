import { describe, expect, it } from 'vitest';
import { commonPasswordCount, isCommonPassword } from './common-passwords';

describe('common passwords', () => {
  it('bundles at least 10,000 entries', () => {
    expect(commonPasswordCount()).toBeGreaterThanOrEqual(10_000);
  });

  it('refuses common ones case-insensitively and lets unusual ones through', () => {
    expect(isCommonPassword('password123')).toBe(true);
    expect(isCommonPassword('PASSWORD123')).toBe(true);
    expect(isCommonPassword('qwertyuiop')).toBe(true);
    expect(isCommonPassword('Granite-Ridge-Shingle-42')).toBe(false);
  });
});
