import { PRICE_CODES, type PriceCode, type PriceListEntry } from './estimate';
import { roundTo } from './roof-measurements';
import type { CarrierScopeLine } from './supplement';

// CSV as offices paste it: a price list (code, description, unit, price) and a carrier's scope
// (description, quantity, unit, price). A header row is recognised by its words and skipped; prices
// are dollars ("$1,234.50" or "1234.5", or with a decimal comma "1.234,50"); quoted cells may hold
// commas and doubled quotes.

export type CsvRowError = { row: number; message: string };
export type CsvResult<T> = { rows: T[]; errors: CsvRowError[] };

/**
 * The separator of a file: the one of comma, semicolon and tab found most often outside quotes on its
 * first line (a comma on a tie, and when there is none).
 */
export function detectSeparator(text: string): ',' | ';' | '\t' {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && (ch === ',' || ch === ';' || ch === '\t')) counts[ch] += 1;
  }
  if (counts[';'] > counts[','] && counts[';'] >= counts['\t']) return ';';
  if (counts['\t'] > counts[',']) return '\t';
  return ',';
}

/** Cells of each non-empty line (RFC 4180 quoting; a comma, semicolon or tab separates). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  const separator = detectSeparator(text);
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (ch === separator) {
      row.push(cell.trim());
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cell.trim());
      if (row.some((c) => c !== '')) rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  row.push(cell.trim());
  if (row.some((c) => c !== '')) rows.push(row);
  return rows;
}

const AMOUNT = /^(\d+(\.\d*)?|\.\d+)$/;

/**
 * A number cell as digits and a decimal point, or null. A comma followed by one or two digits at the
 * end is a decimal comma ("2,25", "1.234,50": thousands are grouped by three, so it cannot be a
 * thousands separator); any other comma separates thousands ("1,250.5", "1,000").
 */
function plainNumber(cell: string): number | null {
  const compact = cell.replace(/[$\s]/g, '');
  const decimalComma = /,\d{1,2}$/.test(compact) && compact.lastIndexOf('.') < compact.lastIndexOf(',');
  const cleaned = decimalComma ? compact.replace(/\./g, '').replace(',', '.') : compact.replace(/,/g, '');
  return AMOUNT.test(cleaned) ? Number(cleaned) : null;
}

/** Cents from a dollar cell ("$1,234.50", "12.5", ".99", "2,25"), half a cent rounded up; null when it is not an amount. */
export function dollarsToCents(cell: string): number | null {
  const dollars = plainNumber(cell);
  return dollars === null ? null : roundTo(dollars * 100, 0);
}

/** A quantity cell ("1,250.5", "7,8") kept to 2 decimals; null when it is not a number. */
function quantityOf(cell: string): number | null {
  const quantity = plainNumber(cell);
  return quantity === null ? null : roundTo(quantity, 2);
}

const isHeader = (cells: string[], word: RegExp) => cells.some((c) => word.test(c)) && !cells.some((c) => dollarsToCents(c) !== null);

const isPriceCode = (value: string): value is PriceCode => (PRICE_CODES as readonly string[]).includes(value);

/**
 * A price list from CSV: code (one of the formula codes in any case, or empty for an item of your
 * own), description, unit, price. A formula code may appear once.
 */
export function parsePriceListCsv(text: string): CsvResult<PriceListEntry> {
  const rows: PriceListEntry[] = [];
  const errors: CsvRowError[] = [];
  const seen = new Set<PriceCode>();
  parseCsv(text).forEach((cells, index) => {
    const row = index + 1;
    if (index === 0 && isHeader(cells, /description|price|unit/i)) return;
    const [typedCode = '', description = '', unit = '', price = ''] = cells;
    const code = typedCode.toLowerCase();
    const cents = dollarsToCents(price);
    if (code !== '' && !isPriceCode(code)) errors.push({ row, message: `Unknown code "${typedCode}"` });
    else if (code !== '' && seen.has(code)) errors.push({ row, message: `Code "${code}" appears more than once` });
    else if (description === '') errors.push({ row, message: 'Description is missing' });
    else if (unit === '') errors.push({ row, message: 'Unit is missing' });
    else if (cents === null) errors.push({ row, message: `"${price}" is not a price` });
    else {
      if (code !== '') seen.add(code);
      rows.push({ code: code === '' ? null : code, description, unit, unitPriceCents: cents });
    }
  });
  return { rows, errors };
}

/** A carrier's scope from CSV: description, quantity, unit, price. */
export function parseScopeCsv(text: string): CsvResult<CarrierScopeLine> {
  const rows: CarrierScopeLine[] = [];
  const errors: CsvRowError[] = [];
  parseCsv(text).forEach((cells, index) => {
    const row = index + 1;
    if (index === 0 && isHeader(cells, /description|qty|quantity|unit|price/i)) return;
    const [description = '', quantity = '', unit = '', price = ''] = cells;
    const qty = quantityOf(quantity);
    const cents = price === '' ? 0 : dollarsToCents(price);
    if (description === '') errors.push({ row, message: 'Description is missing' });
    else if (qty === null) errors.push({ row, message: `"${quantity}" is not a quantity` });
    else if (cents === null) errors.push({ row, message: `"${price}" is not a price` });
    else rows.push({ description, quantity: qty, unit, unitPriceCents: cents });
  });
  return { rows, errors };
}
