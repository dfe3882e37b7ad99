// The input sanitizers of spec section 5.

/** Sanitized text is cut to this many characters unless told otherwise (spec section 9). */
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

/** sql: removes quotes, backslashes and semicolons. */
export function sanitizeSql(input: string): string {
  return input.replace(/['"\\;]/g, '');
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

/** text: removes < > quotes, slashes and backslashes, cut to `max` characters (1000 by default). */
export function sanitizeText(input: string, max = SANITIZED_TEXT_MAX): string {
  return input.replace(/[<>"'/\\]/g, '').slice(0, max);
}
