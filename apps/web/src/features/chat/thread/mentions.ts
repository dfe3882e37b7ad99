import type { ChatColleague } from '@ridgeline/shared/contracts/chat';

// @mentions in the composer: typing @ and letters suggests colleagues by name; choosing one puts
// "@First Last " in the text and remembers the colleague; at send, the colleagues whose "@Name" is
// still in the text are the message's mentions. A sent message highlights the same "@Name" words.

/** The most suggestions shown at once. */
export const MAX_SUGGESTIONS = 8;

/** How a colleague is written after the @. */
export function mentionLabel(person: { firstName: string; lastName: string; name: string }): string {
  return `${person.firstName} ${person.lastName}`.trim() || person.name;
}

/** The @word being typed just before the caret: where its @ is and the letters after it; null when none. */
export function mentionQueryAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const match = /(^|\s)@([\p{L}\p{M}'’-]*)$/u.exec(before);
  if (!match) return null;
  const query = match[2] ?? '';
  return { start: before.length - query.length - 1, query };
}

/** Colleagues whose first name, last name or whole name starts with `query` (any case). */
export function suggestColleagues(colleagues: readonly ChatColleague[], query: string): ChatColleague[] {
  const wanted = query.toLocaleLowerCase();
  return colleagues
    .filter((person) => {
      const names = [person.firstName, person.lastName, person.name, mentionLabel(person)];
      return names.some((name) => name.toLocaleLowerCase().startsWith(wanted));
    })
    .slice(0, MAX_SUGGESTIONS);
}

/** The text with the @word at `start`..`caret` replaced by "@Label ", and where the caret goes. */
export function insertMention(text: string, start: number, caret: number, label: string): { text: string; caret: number } {
  const inserted = `@${label} `;
  const after = text.slice(caret).replace(/^ /, '');
  return { text: `${text.slice(0, start)}${inserted}${after}`, caret: start + inserted.length };
}

/** The chosen colleagues whose "@Label" is still in the text. */
export function mentionsInText(text: string, chosen: ReadonlyMap<string, string>): string[] {
  return [...chosen].filter(([, label]) => text.includes(`@${label}`)).map(([id]) => id);
}

export type TextPart = { text: string; mention: boolean };

/** The message's text cut into plain parts and "@Label" parts (the longest label first where two overlap). */
export function splitMentions(text: string, labels: readonly string[]): TextPart[] {
  const wanted = [...new Set(labels.filter((label) => label.length > 0))].sort((a, b) => b.length - a.length);
  if (wanted.length === 0) return [{ text, mention: false }];
  const escaped = wanted.map((label) => `@${label}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const pattern = new RegExp(`(${escaped.join('|')})`, 'g');
  const parts: TextPart[] = [];
  let index = 0;
  for (const match of text.matchAll(pattern)) {
    const at = match.index;
    if (at > index) parts.push({ text: text.slice(index, at), mention: false });
    parts.push({ text: match[0], mention: true });
    index = at + match[0].length;
  }
  if (index < text.length) parts.push({ text: text.slice(index), mention: false });
  return parts;
}
