import { describe, expect, it } from 'vitest';
import type { Citation } from '@ridgeline/shared/contracts/assistant';
import { copyText, numberedText } from './answer-text';

const citations: Citation[] = [
  { kind: 'passage', slug: 'irc-r905-2-8-5-drip-edge', section: 'IRC R905.2.8.5', title: 'Drip edge', source: 's', edition: '2012-2021', confidence: 'S' },
  { kind: 'claim', ref: 'supplement:1', label: 'Supplement item 1', href: '/projects/p?tab=estimates' },
];

describe('an answer as shown and as copied', () => {
  const content = 'Drip edge is missing [C:supplement:1]. Commonly reported: it is required [K:irc-r905-2-8-5-drip-edge]. Unknown [K:nope].';

  it('numbers each marker by its source', () => {
    expect(numberedText(content, citations)).toBe('Drip edge is missing [2]. Commonly reported: it is required [1]. Unknown .');
  });

  it('names the code section in a copy and leaves the claim records out', () => {
    expect(copyText(content, citations)).toBe('Drip edge is missing. Commonly reported: it is required (IRC R905.2.8.5). Unknown.');
  });
});
