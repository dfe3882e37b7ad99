import { describe, expect, it } from 'vitest';
import { hasLoneSurrogate, longText, shortText } from './common';

// A lone surrogate (half of a UTF-16 pair) is not text; a well-formed pair is one character.

describe('lone surrogates', () => {
  it('are found wherever they stand, and a pair (an emoji) is not one', () => {
    for (const text of ['\ud800', 'a\udfff', '\ud83c', 'x\ud83cy', '\udfe0\ud83c', '🏠\ud800', '\ud800🏠']) expect(hasLoneSurrogate(text), JSON.stringify(text)).toBe(true);
    for (const text of ['', 'Hail hit', '🏠', '\ud83c\udfe0', 'Roof 🏠 and 👷 crew', 'Café ß 中文']) expect(hasLoneSurrogate(text), text).toBe(false);
  });

  it('are refused by the shared text fields, single- and multi-line', () => {
    expect(shortText().safeParse('Main\ud800 house').success).toBe(false);
    expect(longText().safeParse('Line one\nline \udc00two').success).toBe(false);
    expect(shortText().parse('Main house 🏠')).toBe('Main house 🏠');
    expect(longText().parse('Line one\nline 🏠 two')).toBe('Line one\nline 🏠 two');
  });
});
