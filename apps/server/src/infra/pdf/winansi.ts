// The standard PDF fonts (Helvetica, Courier) draw only the WinAnsi characters. Text printed with them
// is first mapped to characters they can draw: close look-alikes where there is one, the letter
// without its accent, or '?' (emoji and every other symbol). Line breaks are kept.

/** Characters above Latin-1 that WinAnsi (Windows-1252) has. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Look-alikes for common characters WinAnsi lacks. */
const LOOK_ALIKES: Record<string, string> = {
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2015': '—',
  '\u2212': '-',
  '\u2032': "'",
  '\u2033': '"',
  '\u201b': "'",
  '\u201f': '"',
  '\u2039': '‹',
  '\u203a': '›',
  '\u2190': '<-',
  '\u2192': '->',
  '\u2194': '<->',
  '\u21d2': '=>',
  '\u2264': '<=',
  '\u2265': '>=',
  '\u2260': '!=',
  '\u2248': '~',
  '\u221e': 'inf',
  '\u2713': 'v',
  '\u2714': 'v',
  '\u2717': 'x',
  '\u2718': 'x',
  '\u2715': 'x',
  '\u2022': '•',
  '\u25cf': '•',
  '\u25e6': '•',
  '\u2219': '•',
  '\u2027': '·',
  '\u2044': '/',
  '\u2153': '1/3',
  '\u2154': '2/3',
  '\u215b': '1/8',
  '\u2116': 'No.',
  '\u2103': '°C',
  '\u2109': '°F',
  '\u0131': 'i',
  '\u0142': 'l',
  '\u0141': 'L',
  '\u0111': 'd',
  '\u0110': 'D',
  '\u0127': 'h',
  '\u0126': 'H',
  '\u0153': 'œ',
};

/** Spaces of every width print as a plain space; zero-width characters and joiners print as nothing. */
const SPACES = /[\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000\t]/u;
const INVISIBLE_RANGES: [number, number][] = [
  [0x200b, 0x200f],
  [0x2060, 0x2064],
  [0xfeff, 0xfeff],
  [0xfe00, 0xfe0f],
  [0xe0100, 0xe01ef],
  [0x1f3fb, 0x1f3ff],
  [0xe0020, 0xe007f],
];
const invisible = (code: number) => INVISIBLE_RANGES.some(([from, to]) => code >= from && code <= to);
const COMBINING = /[\u0300-\u036f]/gu;

function drawable(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa1 && code <= 0xff) || WIN_ANSI_EXTRA.has(char);
}

/** The text with every character one the standard fonts can draw. */
export function toWinAnsi(text: string): string {
  let out = '';
  for (const char of text) {
    if (char === '\n') out += '\n';
    else if (char === '\r') continue;
    else if (drawable(char)) out += char;
    else if (SPACES.test(char)) out += ' ';
    else if (invisible(char.codePointAt(0) ?? 0)) continue;
    else if (LOOK_ALIKES[char] !== undefined) out += LOOK_ALIKES[char];
    else {
      // A letter with an accent WinAnsi lacks prints without the accent ("ő" -> "o").
      const bare = char.normalize('NFKD').replace(COMBINING, '');
      out += bare.length > 0 && [...bare].every(drawable) ? bare : (char.codePointAt(0) ?? 0) < 0x20 ? '' : '?';
    }
  }
  return out;
}
