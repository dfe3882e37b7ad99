import { lineTotal, OVERHEAD_BP, PROFIT_BP, type EstimateLineInput, type EstimateTotals, type PriceCode } from './estimate';
import { formatUsdCents } from './money';
import { roundTo } from './roof-measurements';

// The supplement check: what our estimate has that the carrier's scope lacks or under-counts. The
// items adjusters most often leave out are starter at eaves and rakes, drip edge (IRC R905.2.8.5),
// ice and water barrier (IRC R905.1.2), step flashing, steep charges, high charges, ridge cap and O&P.
// Each item names the measurement that supports it, so the request can be argued line by line.

/** A line of the carrier's scope, typed or pasted as CSV (description, quantity, unit, price). */
export type CarrierScopeLine = { description: string; quantity: number; unit: string; unitPriceCents: number };

export type SupplementItem = {
  code: PriceCode | 'o_and_p';
  description: string;
  /** missing: the scope has no such line; under_counted: it has fewer units than measured. */
  kind: 'missing' | 'under_counted';
  ourQuantity: number;
  carrierQuantity: number;
  unit: string;
  /** What the difference is worth at our unit price. */
  amountCents: number;
  /** The measurement (or rule) behind the request. */
  support: string;
};

/**
 * How a carrier's line description is recognised as one of our priced items (first match wins). The
 * order matters: a dumpster line names the debris of a tear-off, a gutter line may say "R&R" and a
 * pipe jack is a flashing, so those come first; a tear-off line names the shingles it removes, a
 * ridge-cap line and a starter line name shingles, and a shingle line is often "w/ felt", so each of
 * those comes before shingles, and shingles before underlayment.
 */
const RECOGNISERS: readonly { code: PriceCode; pattern: RegExp }[] = [
  { code: 'dumpster', pattern: /dumpster|haul[\s-]?(off|away|debris)|debris\s*(removal|haul)/i },
  { code: 'permit', pattern: /\bpermits?\b/i },
  { code: 'gutters', pattern: /gutter(?!\s*(apron|guard))|downspout/i },
  { code: 'pipe_jack', pattern: /pipe\s*jack|pipe\s*(boot|collar)|plumbing\s*vent\s*(boot|flashing)|(vent|roof)\s*boot/i },
  { code: 'roof_vent', pattern: /roof\s*vent|turtle|box\s*vent|static\s*vent|slant[\s-]?back/i },
  { code: 'ac_fins', pattern: /condenser|\ba\/?c\b.*\bfins?\b|comb.*\bfins?\b/i },
  { code: 'window_screen', pattern: /\bscreens?\b/i },
  { code: 'window_glass', pattern: /reglaze|glaz(e|ing)|window\s*glass|\bglass\b/i },
  { code: 'siding', pattern: /siding/i },
  { code: 'steep_over_12', pattern: /steep.*((greater than|over|>)\s*12\/12|\b(1[3-9]|2\d)\/12)/i },
  { code: 'steep_10_12', pattern: /steep.*\b1[0-2]\/12/i },
  { code: 'steep_7_9', pattern: /steep.*\b[7-9]\/12/i },
  { code: 'high_charge', pattern: /\bhigh\b.*(roof|charge)|(2|two)\s*stor(y|ies)/i },
  { code: 'tear_off', pattern: /tear[\s-]?off|\bremove\b/i },
  { code: 'starter', pattern: /starter/i },
  { code: 'drip_edge', pattern: /drip\s*edge/i },
  { code: 'ridge_cap', pattern: /\b(hip|ridge)\b.*\bcap\b|\bhip\s*(&|and|\/)?\s*ridge\b|\bridge\s*shingle/i },
  { code: 'ice_water', pattern: /ice\s*(&|and)?\s*water|\bi\s*&\s*w\b/i },
  { code: 'step_flashing', pattern: /step\s*flash/i },
  { code: 'headwall', pattern: /head\s*wall|counter\s*flash|apron/i },
  { code: 'shingles', pattern: /shingle|comp\.?\s*(roof|rfg)|laminated|3[\s-]?tab/i },
  { code: 'underlayment', pattern: /underlay|felt/i },
];

/** A shingle line that includes its felt ("w/ felt", "with felt"; not "w/out felt"). */
const WITH_FELT = /\bw\/\s*felt\b|\bwith\s+felt\b/i;

const O_AND_P = /\bo\s*&\s*p\b|overhead|profit/i;

/** Which of our items a carrier's line is, or null when we do not recognise it. */
export function recogniseScopeLine(description: string): PriceCode | null {
  return RECOGNISERS.find((r) => r.pattern.test(description))?.code ?? null;
}

/**
 * Every item our estimate has that the scope lacks or under-counts. Quantities are compared per item
 * (the scope's lines of one item are added up); a scope line we do not recognise is ignored; a
 * shingle line of the scope that includes felt covers as many squares of underlayment. O&P is
 * requested when ours is switched on and the scope has no O&P line.
 */
export function supplementCheck(ours: readonly EstimateLineInput[], totals: EstimateTotals, scope: readonly CarrierScopeLine[]): SupplementItem[] {
  const carrier = new Map<PriceCode, number>();
  const add = (code: PriceCode, quantity: number) => carrier.set(code, roundTo((carrier.get(code) ?? 0) + quantity, 2));
  for (const line of scope) {
    const code = recogniseScopeLine(line.description);
    if (code) add(code, line.quantity);
    // The carrier's shingle line "w/ felt" pays for the felt under those squares: it counts as underlayment too.
    if (code === 'shingles' && WITH_FELT.test(line.description)) add('underlayment', line.quantity);
  }
  const items: SupplementItem[] = [];
  const byCode = new Map<PriceCode, EstimateLineInput[]>();
  for (const line of ours) if (line.code) byCode.set(line.code, [...(byCode.get(line.code) ?? []), line]);
  for (const [code, lines] of byCode) {
    const first = lines[0];
    if (!first) continue;
    const ourQuantity = roundTo(
      lines.reduce((n, l) => n + l.quantity, 0),
      2,
    );
    const carrierQuantity = carrier.get(code) ?? 0;
    if (ourQuantity <= carrierQuantity || ourQuantity === 0) continue;
    const difference = roundTo(ourQuantity - carrierQuantity, 2);
    items.push({
      code,
      description: first.description,
      kind: carrier.has(code) ? 'under_counted' : 'missing',
      ourQuantity,
      carrierQuantity,
      unit: first.unit,
      amountCents: lineTotal({ quantity: difference, unitPriceCents: first.unitPriceCents }),
      support: lines.map((l) => l.basis).find((b) => b) ?? 'Added by hand',
    });
  }
  const opCents = totals.overheadCents + totals.profitCents;
  if (opCents > 0 && !scope.some((line) => O_AND_P.test(line.description))) {
    items.push({
      code: 'o_and_p',
      description: 'Overhead and profit',
      kind: 'missing',
      ourQuantity: 1,
      carrierQuantity: 0,
      unit: 'EA',
      amountCents: opCents,
      support: `${OVERHEAD_BP / 100}% overhead + ${PROFIT_BP / 100}% profit on ${formatUsdCents(totals.subtotalCents)} of line items`,
    });
  }
  return items;
}
