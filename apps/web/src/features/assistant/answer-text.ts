import type { Citation } from '@ridgeline/shared/contracts/assistant';
import { CITATION_PATTERN } from '@ridgeline/shared/domain/assistant';

// An answer's text as shown and as copied: each citation marker ([K:slug], [C:ref]) becomes the
// number of its source in the answer's list of sources; a copy (into a cover letter or a chat
// message) names the code section or document instead, and leaves the claim file's own record out.

const keyOf = (c: Citation) => (c.kind === 'passage' ? `K:${c.slug}` : `C:${c.ref}`);

/** The answer with each marker as its source number ("[2]"). */
export function numberedText(content: string, citations: readonly Citation[]): string {
  const numbers = new Map(citations.map((c, i) => [keyOf(c), i + 1]));
  return content.replace(CITATION_PATTERN, (_marker, kind: string, ref: string) => {
    const n = numbers.get(`${kind}:${ref}`);
    return n ? `[${n}]` : '';
  });
}

/** The answer ready to paste: code and maker references in words, claim-record markers left out. */
export function copyText(content: string, citations: readonly Citation[]): string {
  const passages = new Map(citations.flatMap((c) => (c.kind === 'passage' ? [[c.slug, c] as const] : [])));
  return content
    .replace(CITATION_PATTERN, (_marker, kind: string, ref: string) => {
      const passage = kind === 'K' ? passages.get(ref) : undefined;
      return passage ? `(${passage.section})` : '';
    })
    .replace(/[ \t]+([.,;:])/g, '$1')
    .replace(/[ \t]{2,}/g, ' ')
    .trim();
}
