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
    const text =
      'Code,Description,Unit,Price\nshingles,"Laminated comp. shingle roofing, w/ felt",SQ,"$285.00"\ndrip_edge,Drip edge,LF,3.1\n,Skylight flashing kit,EA,"$1,250"';
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
    expect(parsePriceListCsv('Starter;Starter strip;LF;2,25').rows).toEqual([
      { code: 'starter', description: 'Starter strip', unit: 'LF', unitPriceCents: 225 },
    ]);
    expect(parsePriceListCsv('STARTER,Starter strip,LF,2.25').rows).toEqual([
      { code: 'starter', description: 'Starter strip', unit: 'LF', unitPriceCents: 225 },
    ]);
  });

  it('reports each bad row with its number and keeps the good ones', () => {
    const text = [
      'code,description,unit,price',
      'slate,Slate,SQ,900',
      'starter,,LF,2.25',
      'starter,Starter,,2.25',
      'starter,Starter,LF,free',
      'starter,Starter,LF,2.25',
      'starter,Starter again,LF,2.50',
    ].join('\n');
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

  it("reads an estimating program's export: a byte-order mark, CRLF, quoted descriptions with commas and doubled quotes, columns by their names", () => {
    // As Xactimate-style reports export line items: a line number first, quantity before the
    // description, remove and replace prices apart (a removal is priced in Remove, an R&R in both),
    // tax, O&P and RCV after; a heading row and a totals row without a quantity.
    const text = [
      '\uFEFF"#","QTY","UNIT","DESCRIPTION","REMOVE","REPLACE","TAX","O&P","RCV"',
      '"","","","Dwelling Roof","","","","",""',
      '"1","25.61","SQ","Remove Laminated - comp. shingle rfg. - w/out felt","74.19","0.00","0.00","380.02","2,280.08"',
      '"2","28.33","SQ","Laminated - comp. shingle rfg. - w/out felt","0.00","265.40","152.10","1,534.48","9,205.31"',
      '"3","1","EA","Dumpster load - Approx. 20 yards, 4 tons of debris","0.00","585.00","0.00","117.00","702.00"',
      '"4","140","LF","R&R Gutter / downspout - aluminum - up to 5""","1.05","10.20","0.00","315.00","1,890.00"',
      '"5","2","EA","Flashing - pipe jack, ""split boot""","0.00","58.00","2.90","23.78","142.68"',
      '"","","","Totals: Dwelling Roof","","","157.00","2,370.28","14,220.07"',
      '',
    ].join('\r\n');
    expect(parseScopeCsv(text)).toEqual({
      rows: [
        { description: 'Remove Laminated - comp. shingle rfg. - w/out felt', quantity: 25.61, unit: 'SQ', unitPriceCents: 7_419 },
        { description: 'Laminated - comp. shingle rfg. - w/out felt', quantity: 28.33, unit: 'SQ', unitPriceCents: 26_540 },
        { description: 'Dumpster load - Approx. 20 yards, 4 tons of debris', quantity: 1, unit: 'EA', unitPriceCents: 58_500 },
        // Remove $1.05 + replace $10.20.
        { description: 'R&R Gutter / downspout - aluminum - up to 5"', quantity: 140, unit: 'LF', unitPriceCents: 1_125 },
        { description: 'Flashing - pipe jack, "split boot"', quantity: 2, unit: 'EA', unitPriceCents: 5_800 },
      ],
      errors: [],
    });
  });

  it('reads a report whose quantity carries its unit ("25.61 SQ") and whose price column is "Unit Price"', () => {
    const text = [
      'DESCRIPTION,QUANTITY,UNIT PRICE,TAX,O&P,RCV,DEPREC.,ACV',
      '"Hip / Ridge cap - Standard profile - composition shingles","40.00 LF","5.95",0.00,47.60,285.60,(0.00),285.60',
      '"Ice & water barrier","4.80 SQ","175.00",0,0,840.00,0,840.00',
    ].join('\n');
    expect(parseScopeCsv(text).rows).toEqual([
      { description: 'Hip / Ridge cap - Standard profile - composition shingles', quantity: 40, unit: 'LF', unitPriceCents: 595 },
      { description: 'Ice & water barrier', quantity: 4.8, unit: 'SQ', unitPriceCents: 17_500 },
    ]);
  });

  it('reads a file with a byte-order mark and no header', () => {
    expect(parseScopeCsv('\uFEFFDrip edge,140,LF,3.10\r\n').rows).toEqual([{ description: 'Drip edge', quantity: 140, unit: 'LF', unitPriceCents: 310 }]);
  });

  it('takes a first row with amounts as data, not as a header', () => {
    expect(parseScopeCsv('Unit price adjustment,1,EA,$50').rows).toEqual([
      { description: 'Unit price adjustment', quantity: 1, unit: 'EA', unitPriceCents: 5_000 },
    ]);
  });
});
