import { PRICE_CODES, type PriceCode, type PriceListEntry } from './estimate';
import type { CarrierScopeLine } from './supplement';

// CSV as offices paste it: a price list (code, description, unit, price) and a carrier's scope
// (description, quantity, unit, price). A header row is recognised by its words and skipped; prices
// are dollars ("$1,234.50" or "1234.5"); quoted cells may hold commas and doubled quotes.

export type CsvRowError = { row: number; message: string };
export type CsvResult<T> = { rows: T[]; errors: CsvRowError[] };

/** Cells of each non-empty line (RFC 4180 quoting; a comma, semicolon or tab separates). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const separator = firstLine.includes('\t') ? '\t' : !firstLine.includes(',') && firstLine.includes(';') ? ';' : ',';
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

/** Cents from a dollar cell ("$1,234.50"); null when it is not an amount. */
export function dollarsToCents(cell: string): number | null {
  const cleaned = cell.replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d+)?$/.test(cleaned)) return null;
  return Math.round(Number(cleaned) * 100);
}

function quantityOf(cell: string): number | null {
  const cleaned = cell.replace(/[,\s]/g, '');
  if (!/^\d+(\.\d+)?$/.test(cleaned)) return null;
  return Math.round(Number(cleaned) * 100) / 100;
}

const isHeader = (cells: string[], word: RegExp) => cells.some((c) => word.test(c)) && !cells.some((c) => dollarsToCents(c) !== null);

/** A price list from CSV: code (one of the formula codes, or empty for an item of your own), description, unit, price. */
export function parsePriceListCsv(text: string): CsvResult<PriceListEntry> {
  const rows: PriceListEntry[] = [];
  const errors: CsvRowError[] = [];
  parseCsv(text).forEach((cells, index) => {
    const row = index + 1;
    if (index === 0 && isHeader(cells, /description|price|unit/i)) return;
    const [code = '', description = '', unit = '', price = ''] = cells;
    const cents = dollarsToCents(price);
    if (code !== '' && !(PRICE_CODES as readonly string[]).includes(code)) errors.push({ row, message: `Unknown code "${code}"` });
    else if (description === '') errors.push({ row, message: 'Description is missing' });
    else if (unit === '') errors.push({ row, message: 'Unit is missing' });
    else if (cents === null) errors.push({ row, message: `"${price}" is not a price` });
    else rows.push({ code: code === '' ? null : (code as PriceCode), description, unit, unitPriceCents: cents });
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
