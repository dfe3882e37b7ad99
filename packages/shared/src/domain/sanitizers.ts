// Input sanitizers, applied by the contracts (contracts/fields.ts) on top of validation and never
// instead of it: queries always bind their values as parameters. An apostrophe between two letters
// is part of a name (O'Brien, D'Arcy) and is always kept; quotes anywhere else are removed.

/** Sanitized text is cut to this many characters unless told otherwise. */
export const SANITIZED_TEXT_MAX = 1000;

const SCRIPT_BLOCK = /<script\b[^>]*>[\s\S]*?<\/script\s*>/gi;
const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for safe inclusion in HTML (mail bodies, server-rendered snippets). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] ?? ch);
}

/** html: strips script blocks, then escapes the rest as text. */
export function sanitizeHtml(input: string): string {
  return escapeHtml(input.replace(SCRIPT_BLOCK, ''));
}

/** A quote that is not an apostrophe inside a word, a double quote, a backslash, a semicolon. */
const SQL_NOISE = /(?<!\p{L})'|'(?!\p{L})|["\\;]/gu;

/** sql: removes quotes (not an apostrophe inside a name), backslashes and semicolons. */
export function sanitizeSql(input: string): string {
  return input.replace(SQL_NOISE, '');
}

const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** email: lowercased and trimmed; '' unless it matches a simple address pattern. */
export function sanitizeEmail(input: string): string {
  const email = input.trim().toLowerCase();
  return SIMPLE_EMAIL.test(email) ? email : '';
}

/** phone: keeps digits, + - ( ) . and whitespace. */
export function sanitizePhone(input: string): string {
  return input.replace(/[^\d+\-().\s]/g, '');
}

/** A quote that is not an apostrophe inside a word, < > double quotes, slashes and backslashes. */
const TEXT_NOISE = /(?<!\p{L})'|'(?!\p{L})|[<>"/\\]/gu;

/** text: removes < > quotes (not an apostrophe inside a name), slashes and backslashes, cut to `max` characters (1000 by default). */
export function sanitizeText(input: string, max = SANITIZED_TEXT_MAX): string {
  return input.replace(TEXT_NOISE, '').slice(0, max);
}
