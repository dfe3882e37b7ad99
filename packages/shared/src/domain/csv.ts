// CSV downloads (RFC 4180): every cell quoted with its quotes doubled, CRLF line ends, UTF-8 with a
// byte-order mark so spreadsheet programs read accented names right. One writer for both sides: the
// server's exports (claim files, credits, estimates) and the files the web app makes from what it
// shows (the analytics tables). Reading CSV is estimate-csv.ts's, through papaparse.

/** A cell a spreadsheet would run as a formula (= + - @, or a leading tab or carriage return). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell. Text that a spreadsheet would read as a formula gets a leading apostrophe (so a
 * homeowner named "=HYPERLINK(...)" stays text); numbers are written as numbers (a spend of -4
 * credits stays a number a spreadsheet sums).
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '""';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** The file's text: a header row, then the rows, each cell through csvCell. */
export function csvDocument(header: readonly string[], rows: (string | number | null)[][]): string {
  const lines = [header.map(csvCell).join(','), ...rows.map((row) => row.map(csvCell).join(','))];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
