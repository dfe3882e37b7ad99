/**
 * The deepest nesting of objects and arrays a JSON body may have. Real bodies nest a handful of
 * levels (a photo of a report draft sits six deep: body, document, sections, a section, photos, the
 * photo); 64 leaves room for any real one and keeps every later walk of the parsed value (the
 * control-character check, zod, the database's jsonb) far from the stack's end.
 */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/**
 * Whether a JSON text nests objects and arrays deeper than `max`, read in one pass over the text
 * (a loop, no recursion, so no depth of input can exhaust the stack) before anything parses it.
 * Brackets inside strings do not count. The text need not be valid JSON: for valid JSON this is the
 * depth JSON.parse would build, and malformed text (a closing bracket too many) is refused by the
 * parse that follows.
 */
export function jsonNestsDeeperThan(text: string, max: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === BACKSLASH)
        i++; // the escaped character, a quote included, is part of the string
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) inString = true;
    else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      depth++;
      if (depth > max) return true;
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) depth--;
  }
  return false;
}
