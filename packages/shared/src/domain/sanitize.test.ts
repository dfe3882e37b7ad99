import { describe, expect, it } from 'vitest';
import { escapeHtml } from './sanitize';

describe('escapeHtml', () => {
  it('escapes the five HTML-special characters and leaves the rest', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>Tom & Jerry</a>`)).toBe('&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;');
    expect(escapeHtml('Ridge Roofing, Inc. — 42 ñ')).toBe('Ridge Roofing, Inc. — 42 ñ');
  });
});
