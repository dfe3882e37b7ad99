// The assistant's rules, used on both sides: the knowledge base's confidence marks and what each
// allows, the code editions a company may adopt, how an answer cites its sources, and the limits of
// a question. The server enforces them; the web shows the same words.

/**
 * How sure the knowledge base is of a passage:
 * P: seen in the code, standard or manufacturer document itself (or its maker's own page);
 * S: seen only in secondary material (trade articles, forums, training): worded "commonly reported";
 * ?: not verified in any source: shown to the user as unverified and never cited to a carrier.
 */
export const CONFIDENCE_MARKS = ['P', 'S', '?'] as const;
export type Confidence = (typeof CONFIDENCE_MARKS)[number];

export const CONFIDENCE_LABELS: Record<Confidence, string> = {
  P: 'Primary source',
  S: 'Commonly reported',
  '?': 'Unverified',
};

/** What a passage is about. */
export const PASSAGE_TOPICS = ['code', 'manufacturer', 'estimating', 'hail'] as const;
export type PassageTopic = (typeof PASSAGE_TOPICS)[number];

/** The IRC editions a company may adopt (the one its jurisdictions enforce). */
export const CODE_EDITIONS = ['2018', '2021', '2024'] as const;
export type CodeEdition = (typeof CODE_EDITIONS)[number];
export const DEFAULT_CODE_EDITION: CodeEdition = '2021';

/** A stored edition as one of the editions (an unknown value reads as the default). */
export function codeEditionOf(value: string): CodeEdition {
  return CODE_EDITIONS.find((e) => e === value) ?? DEFAULT_CODE_EDITION;
}

/**
 * Whether a passage holds under the adopted edition. A passage names the editions it holds in
 * (`editions`), or none when it is not tied to an IRC edition (manufacturer, estimating, hail). The
 * extra 36-inch ice barrier on slopes of 8:12 and steeper, for one, holds in 2018 and 2021 and was
 * removed in 2024: under 2024 it is neither offered nor cited.
 */
export function holdsInEdition(editions: readonly string[] | null, adopted: CodeEdition): boolean {
  return editions === null || editions.length === 0 || editions.includes(adopted);
}

/** Whether a passage may be cited to a carrier (in a letter): never an unverified one. */
export function citableToCarrier(confidence: Confidence): boolean {
  return confidence !== '?';
}

/**
 * The sentence a passage's fact is stated with: a primary fact as it is, a secondary one as
 * "commonly reported", an unverified one flagged as such (to the user only).
 */
export function statedFact(confidence: Confidence, text: string): string {
  if (confidence === 'S') return `Commonly reported: ${text}`;
  if (confidence === '?') return `Unverified (check the adopted code book or the current manufacturer sheet before relying on it): ${text}`;
  return text;
}

/**
 * Citations in an answer's text: `[K:slug]` for a knowledge-base passage, `[C:ref]` for a record of
 * the claim file (`claim`, `measurement:<id>`, `estimate:<id>`, `file:<id>`, `inspection:<id>`,
 * `activity:<id>`, `supplement:<n>`). The server checks every one against what it gave; any that
 * does not resolve is taken out of the text and listed as dropped.
 */
export const CITATION_PATTERN = /\[(K|C):([A-Za-z0-9:._-]{1,80})\]/g;

export type CitationMarker = { kind: 'K' | 'C'; ref: string; marker: string };

export function citationMarkers(text: string): CitationMarker[] {
  return [...text.matchAll(CITATION_PATTERN)].map((m) => ({ kind: m[1] as 'K' | 'C', ref: m[2] ?? '', marker: m[0] }));
}

export const passageMarker = (slug: string) => `[K:${slug}]`;
export const claimMarker = (ref: string) => `[C:${ref}]`;

/** The first words of every built-in answer: it says plainly that no model wrote it. */
export const BUILT_IN_NOTICE = 'Built-in answers: no AI provider is configured';
/** What a built-in answer says when the company's owner turned the provider off. */
export const PROVIDER_OFF_NOTICE = 'Built-in answers: the AI provider is turned off for your company';

/** What the assistant is asked to do. */
export const ASSISTANT_TASKS = ['answer', 'supplement_letter', 'claim_summary'] as const;
export type AssistantTask = (typeof ASSISTANT_TASKS)[number];

/** The longest question, in characters. */
export const QUESTION_MAX_CHARS = 2000;
/** A company's answers per day (UTC) unless its owner sets another number. */
export const DEFAULT_DAILY_ANSWER_LIMIT = 200;
export const DAILY_ANSWER_LIMIT_MAX = 10_000;
