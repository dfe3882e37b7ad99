import { describe, expect, it } from 'vitest';
import { escapeHtml, sanitizeEmail, sanitizeHtml, sanitizePhone, sanitizeSql, sanitizeText, SANITIZED_TEXT_MAX } from './sanitizers';

describe('sanitizers', () => {
  it('html strips script blocks and escapes text', () => {
    expect(sanitizeHtml('<p>Hail & "wind"</p><script>alert(1)</script><SCRIPT src=x></SCRIPT>')).toBe('&lt;p&gt;Hail &amp; &quot;wind&quot;&lt;/p&gt;');
    expect(sanitizeHtml("it's")).toBe('it&#39;s');
  });

  it('sql removes quotes, backslash and semicolon', () => {
    expect(sanitizeSql(`Robert'); DROP TABLE "x"; --\\`)).toBe('Robert) DROP TABLE x --');
  });

  it('email is lowercased and trimmed, or empty when it is not an address', () => {
    expect(sanitizeEmail('  Dana@Summit.EXAMPLE ')).toBe('dana@summit.example');
    expect(sanitizeEmail('not an email')).toBe('');
    expect(sanitizeEmail('a@b')).toBe('');
  });

  it('phone keeps digits, + - ( ) . and whitespace', () => {
    expect(sanitizePhone('+1 (405) 555-0134 ext.<b>9</b>')).toBe('+1 (405) 555-0134 .9');
  });

  it('text removes < > quotes, slash and backslash and cuts to 1000 characters by default', () => {
    expect(sanitizeText(`<b>"Roof" 'leak' a/b\\c</b>`)).toBe('bRoof leak abcb');
    expect(sanitizeText('x'.repeat(1500))).toHaveLength(SANITIZED_TEXT_MAX);
    expect(sanitizeText('abcdef', 3)).toBe('abc');
  });
});

describe('names with an apostrophe', () => {
  it("keep it in sql and text (O'Brien stays O'Brien), while stray quotes still go", () => {
    for (const name of ["O'Brien", "D'Arcy-Ní Bhriain", "l'Écuyer"]) {
      expect(sanitizeSql(name)).toBe(name);
      expect(sanitizeText(name)).toBe(name);
    }
    expect(sanitizeSql("O'Brien'; drop table x; --")).toBe("O'Brien drop table x --");
    expect(sanitizeText("'O'Brien'")).toBe("O'Brien");
  });
});

describe('escapeHtml', () => {
  it('escapes the five HTML-special characters and leaves the rest', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>Tom & Jerry</a>`)).toBe('&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;');
    expect(escapeHtml('Ridge Roofing, Inc. — 42 ñ')).toBe('Ridge Roofing, Inc. — 42 ñ');
  });
});
