import { describe, expect, it } from 'vitest';
import { addPrefetchHints, hintOrigins } from './prefetch-hints';

describe('prefetch hints', () => {
  it('adds preconnect links only for configured https hosts', () => {
    expect(hintOrigins({})).toEqual([]);
    expect(hintOrigins({ aiProvider: 'api.openai.com', maps: 'https://maps.googleapis.com/', fonts: 'fonts.googleapis.com, fonts.gstatic.com' })).toEqual([
      'https://api.openai.com',
      'https://maps.googleapis.com',
      'https://fonts.googleapis.com',
      'https://fonts.gstatic.com',
    ]);
    expect(hintOrigins({ maps: 'http://insecure.example', fonts: 'not a host' })).toEqual([]);
    const head = document.createElement('head');
    addPrefetchHints({ maps: 'maps.example.com' }, head);
    addPrefetchHints({ maps: 'maps.example.com' }, head);
    expect(head.querySelectorAll('link[rel="preconnect"]')).toHaveLength(1);
    addPrefetchHints({}, head);
    expect(head.querySelectorAll('link')).toHaveLength(1);
  });
});
