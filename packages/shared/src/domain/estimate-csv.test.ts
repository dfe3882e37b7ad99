import { describe, expect, it } from 'vitest';
import { detectSeparator, dollarsToCents, parseCsv, parsePriceListCsv, parseScopeCsv } from './estimate-csv';

describe('parseCsv', () => {
  it('splits lines and cells, trims cells and skips empty lines (LF, CRLF or CR)', () => {
    expect(parseCsv('a, b ,c\r\n\r\n1,2,3\n\n4,5,6\r7,8,9\n')).toEqual([
      ['a', 'b', 'c'],
      ['1', '2', '3'],
      ['4', '5', '6'],
      ['7', '8', '9'],
    ]);
    expect(parseCsv('')).toEqual([]);
    expect(parseCsv(' , ,\n')).toEqual([]);
  });

  it('keeps commas, doubled quotes and line breaks inside quotes', () => {
    expect(parseCsv('"Hip / ridge cap, standard profile",120,"LF","$5.95"\n"The ""good"" felt",1,EA,2\n"two\nlines",1,EA,3')).toEqual([
      ['Hip / ridge cap, standard profile', '120', 'LF', '$5.95'],
      ['The "good" felt', '1', 'EA', '2'],
      ['two\nlines', '1', 'EA', '3'],
    ]);
  });

  it('takes a semicolon or a tab as the separator when the first line uses it', () => {
    expect(parseCsv('Drip edge;200;LF;3.10\nStarter;200;LF;2.25')).toEqual([
      ['Drip edge', '200', 'LF', '3.10'],
      ['Starter', '200', 'LF', '2.25'],
    ]);
    expect(parseCsv('Drip edge\t200\tLF\t$3.10\nRidge cap, hip\t70\tLF\t$5.95')).toEqual([
      ['Drip edge', '200', 'LF', '$3.10'],
      ['Ridge cap, hip', '70', 'LF', '$5.95'],
    ]);
  });

  it('counts separators outside quotes only, so a quoted comma does not make a semicolon file comma-separated', () => {
    expect(detectSeparator('"Ridge cap, hip";70;LF;5.95')).toBe(';');
    expect(detectSeparator('"a;b;c",1,2')).toBe(',');
    expect(detectSeparator('Description\tQty\tUnit\tPrice')).toBe('\t');
    expect(detectSeparator('just one cell')).toBe(',');
    expect(parseCsv('"Ridge cap, hip";70;LF;5.95')).toEqual([['Ridge cap, hip', '70', 'LF', '5.95']]);
  });
});

describe('dollarsToCents', () => {
  it('reads dollars with or without $, thousands separators and spaces', () => {
    expect(dollarsToCents('$1,234.50')).toBe(123_450);
    expect(dollarsToCents('1234.5')).toBe(123_450);
    expect(dollarsToCents('$ 285')).toBe(28_500);
    expect(dollarsToCents('0.29')).toBe(29);
    expect(dollarsToCents('.99')).toBe(99);
    expect(dollarsToCents('12.')).toBe(1_200);
    expect(dollarsToCents('1,000,000')).toBe(100_000_000);
  });

  it('reads a decimal comma (one or two digits after the last comma) as a decimal point', () => {
    expect(dollarsToCents('2,25')).toBe(225);
    expect(dollarsToCents('2,5')).toBe(250);
    expect(dollarsToCents('1.234,50')).toBe(123_450);
    expect(dollarsToCents('1 234,50')).toBe(123_450);
    // Three digits after a comma are thousands.
    expect(dollarsToCents('1,250')).toBe(125_000);
  });

  it('rounds half a cent up, whatever binary floats make of it', () => {
    expect(dollarsToCents('1.005')).toBe(101);
    expect(dollarsToCents('0.285')).toBe(29);
    expect(dollarsToCents('0.284')).toBe(28);
  });

  it('is null for anything that is not an amount', () => {
    for (const cell of ['', 'abc', '-5', '($5.00)', '1.2.3', '$', '5 dollars', '1e3']) expect(dollarsToCents(cell), cell).toBeNull();
  });
});

describe('parsePriceListCsv', () => {
  it('reads code, description, unit and price, skipping a header row', () => {
    const text = 'Code,Description,Unit,Price\nshingles,"Laminated comp. shingle roofing, w/ felt",SQ,"$285.00"\ndrip_edge,Drip edge,LF,3.1\n,Skylight flashing kit,EA,"$1,250"';
    expect(parsePriceListCsv(text)).toEqual({
      rows: [
        { code: 'shingles', description: 'Laminated comp. shingle roofing, w/ felt', unit: 'SQ', unitPriceCents: 28_500 },
        { code: 'drip_edge', description: 'Drip edge', unit: 'LF', unitPriceCents: 310 },
        { code: null, description: 'Skylight flashing kit', unit: 'EA', unitPriceCents: 125_000 },
      ],
      errors: [],
    });
  });

  it('reads a file without a header, and codes in any case', () => {
    expect(parsePriceListCsv('Starter;Starter strip;LF;2,25').rows).toEqual([{ code: 'starter', description: 'Starter strip', unit: 'LF', unitPriceCents: 225 }]);
    expect(parsePriceListCsv('STARTER,Starter strip,LF,2.25').rows).toEqual([{ code: 'starter', description: 'Starter strip', unit: 'LF', unitPriceCents: 225 }]);
  });

  it('reports each bad row with its number and keeps the good ones', () => {
    const text = ['code,description,unit,price', 'slate,Slate,SQ,900', 'starter,,LF,2.25', 'starter,Starter,,2.25', 'starter,Starter,LF,free', 'starter,Starter,LF,2.25', 'starter,Starter again,LF,2.50'].join('\n');
    const result = parsePriceListCsv(text);
    expect(result.rows).toEqual([{ code: 'starter', description: 'Starter', unit: 'LF', unitPriceCents: 225 }]);
    expect(result.errors).toEqual([
      { row: 2, message: 'Unknown code "slate"' },
      { row: 3, message: 'Description is missing' },
      { row: 4, message: 'Unit is missing' },
      { row: 5, message: '"free" is not a price' },
      { row: 7, message: 'Code "starter" appears more than once' },
    ]);
  });
});

describe('parseScopeCsv', () => {
  it('reads description, quantity, unit and price, skipping a header row', () => {
    const text = 'Description,Qty,Unit,Unit price\n"Laminated - comp. shingle rfg. - w/ felt",25.61,SQ,$285.00\nDrip edge,"1,200.5",LF,3.10\nI&W,7.8,SQ,';
    expect(parseScopeCsv(text)).toEqual({
      rows: [
        { description: 'Laminated - comp. shingle rfg. - w/ felt', quantity: 25.61, unit: 'SQ', unitPriceCents: 28_500 },
        { description: 'Drip edge', quantity: 1200.5, unit: 'LF', unitPriceCents: 310 },
        // No price: 0.
        { description: 'I&W', quantity: 7.8, unit: 'SQ', unitPriceCents: 0 },
      ],
      errors: [],
    });
  });

  it('keeps quantities to 2 decimals, reads tabs (a paste from a spreadsheet) and semicolons', () => {
    expect(parseScopeCsv('Starter\t200.005\tLF\t2.25').rows).toEqual([{ description: 'Starter', quantity: 200.01, unit: 'LF', unitPriceCents: 225 }]);
    expect(parseScopeCsv('Starter;200;LF;2.25').rows).toEqual([{ description: 'Starter', quantity: 200, unit: 'LF', unitPriceCents: 225 }]);
    expect(parseScopeCsv('I&W;7,8;SQ;175,00').rows).toEqual([{ description: 'I&W', quantity: 7.8, unit: 'SQ', unitPriceCents: 17_500 }]);
  });

  it('reports each bad row with its number and keeps the good ones', () => {
    const result = parseScopeCsv('Drip edge,200,LF,3.10\n,5,LF,1\nStarter,lots,LF,1\nRidge cap,70,LF,cheap');
    expect(result.rows).toEqual([{ description: 'Drip edge', quantity: 200, unit: 'LF', unitPriceCents: 310 }]);
    expect(result.errors).toEqual([
      { row: 2, message: 'Description is missing' },
      { row: 3, message: '"lots" is not a quantity' },
      { row: 4, message: '"cheap" is not a price' },
    ]);
  });

  it('takes a first row with amounts as data, not as a header', () => {
    expect(parseScopeCsv('Unit price adjustment,1,EA,$50').rows).toEqual([{ description: 'Unit price adjustment', quantity: 1, unit: 'EA', unitPriceCents: 5_000 }]);
  });
});
