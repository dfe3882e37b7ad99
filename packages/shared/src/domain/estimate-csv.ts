import Papa from 'papaparse';
import { PRICE_CODES, type PriceCode, type PriceListEntry } from './estimate';
import { roundTo } from './roof-measurements';
import type { CarrierScopeLine } from './supplement';

// CSV as offices paste it or programs export it: a price list (code, description, unit, price) and a
// carrier's scope (description, quantity, unit, price). Files are read by papaparse (RFC 4180: quoted
// cells hold commas, doubled quotes and line breaks; CRLF, LF or CR line ends; a byte-order mark is
// dropped). A header row is recognised by its words and skipped; a scope file's header also says
// which column is which, so an estimating program's export (a line number first, remove and replace
// prices, tax, RCV ...) is read by its column names. Prices are dollars ("$1,234.50" or "1234.5", or
// with a decimal comma "1.234,50").

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

/** Cells of each non-empty line, trimmed (a comma, semicolon or tab separates; see detectSeparator). */
export function parseCsv(text: string): string[][] {
  // One kind of line end, so a file mixing them (pasted from several places) splits on each.
  const lines = text.replace(/\r\n?/g, '\n');
  const parsed = Papa.parse<string[]>(lines, { delimiter: detectSeparator(lines), newline: '\n', skipEmptyLines: 'greedy' });
  return parsed.data.map((row) => row.map((cell) => cell.trim())).filter((row) => row.some((cell) => cell !== ''));
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

/** A quantity written with its unit ("25.61 SQ", "140LF"), as estimate reports print them; null otherwise. */
function quantityWithUnit(cell: string): { quantity: number; unit: string } | null {
  const match = /^(.*\d)\s*([A-Za-z]{1,4})$/.exec(cell);
  const quantity = match?.[1] === undefined ? null : quantityOf(match[1]);
  return quantity === null || match?.[2] === undefined ? null : { quantity, unit: match[2].toUpperCase() };
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

/** Where a scope file keeps each value: column indexes (-1: no such column). */
type ScopeColumns = { description: number; quantity: number; unit: number; price: number; remove: number; replace: number };

/** Without a header: description, quantity, unit, price. */
const POSITIONAL: ScopeColumns = { description: 0, quantity: 1, unit: 2, price: 3, remove: -1, replace: -1 };

/**
 * The columns a header row names: description, quantity ("Qty"), unit, and the unit price ("Unit
 * price", "Unit cost", "Price"), or the remove and replace prices an estimating program prints
 * apart (a line's unit price is their sum). Null when the header has no description or quantity.
 */
function scopeColumns(header: readonly string[]): ScopeColumns | null {
  const find = (pattern: RegExp) => header.findIndex((cell) => pattern.test(cell));
  const columns = {
    description: find(/^desc(ription)?\.?$|^(line )?item( description)?$/i),
    quantity: find(/^(qty|quantity)\.?$/i),
    unit: find(/^(unit|units|uom|unit of measure)$/i),
    price: find(/^(unit\s*(price|cost)|price|rate)$/i),
    remove: find(/^remove$/i),
    replace: find(/^replace$/i),
  };
  return columns.description < 0 || columns.quantity < 0 ? null : columns;
}

/**
 * A carrier's scope from CSV: description, quantity, unit, price; or, after a header naming its
 * columns, those columns wherever they are. A quantity may carry its unit ("25.61 SQ") when the file
 * has no unit column. In a file with a header, a row with a description but no quantity is a heading
 * or a total of the report, and is skipped.
 */
export function parseScopeCsv(text: string): CsvResult<CarrierScopeLine> {
  const rows: CarrierScopeLine[] = [];
  const errors: CsvRowError[] = [];
  let columns = POSITIONAL;
  let named = false;
  parseCsv(text).forEach((cells, index) => {
    const row = index + 1;
    if (index === 0 && isHeader(cells, /description|qty|quantity|unit|price/i)) {
      const found = scopeColumns(cells);
      if (found) {
        columns = found;
        named = true;
      }
      return;
    }
    const cell = (at: number) => (at < 0 ? '' : (cells[at] ?? ''));
    const description = cell(columns.description);
    const quantityCell = cell(columns.quantity);
    if (named && quantityCell === '') return;
    const withUnit = columns.unit < 0 || cell(columns.unit) === '' ? quantityWithUnit(quantityCell) : null;
    const qty = withUnit?.quantity ?? quantityOf(quantityCell);
    const unit = withUnit?.unit ?? cell(columns.unit);
    const priceCells =
      columns.price >= 0 || (columns.remove < 0 && columns.replace < 0) ? [cell(columns.price)] : [cell(columns.remove), cell(columns.replace)];
    const prices = priceCells.map((price) => (price === '' ? 0 : dollarsToCents(price)));
    const badPrice = priceCells.find((_, i) => prices[i] === null);
    if (description === '') errors.push({ row, message: 'Description is missing' });
    else if (qty === null) errors.push({ row, message: `"${quantityCell}" is not a quantity` });
    else if (badPrice !== undefined) errors.push({ row, message: `"${badPrice}" is not a price` });
    else rows.push({ description, quantity: qty, unit, unitPriceCents: prices.reduce<number>((n, cents) => n + (cents ?? 0), 0) });
  });
  return { rows, errors };
}
