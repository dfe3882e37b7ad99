import type { CatalogEntry, CatalogFigure, CatalogText, DiscontinuedState, NailZone, RowConfidence, Sealant, ShingleCut, ShingleType } from './shingle-id';
import { parseLength } from './shingle-length';

// The shared shingle catalog as first shipped (catalog version 1): about a hundred product lines
// of the main North American makers, gathered from public sources in 2026 and written here in the
// product's own structure. The server seeds its catalog table from this list; platform admins
// change it from there (each change is a new catalog version).
//
// How the marks are kept:
// - A size written bare below ("39-3/8") was seen in a manufacturer document, an evaluation report
//   or a standard: verified. A size ending in "?" comes only from trade articles or contractor data
//   files: unverified, and every screen says so beside it.
// - A row whose sources disagree (confidence X) has none of its sizes verified, whatever was
//   printed: a disputed figure is not a fact.
// - Years made and discontinued status count as verified only on A or B rows, where a manufacturer
//   or several independent sources back them.
// - Row confidence: A = key figures from a manufacturer or official document; B = manufacturer
//   figures seen only in a third-party copy, or dates confirmed by several sources; C = one
//   secondary source or a contractor data file; X = the sources disagree.

/** The version number of the catalog this list is. */
export const SEED_CATALOG_VERSION = 1;

function figure(text: string | null, disputed: boolean): CatalogFigure | null {
  if (text === null) return null;
  const unverified = text.endsWith('?');
  const parsed = parseLength(unverified ? text.slice(0, -1) : text);
  if (!parsed.ok) throw new Error(`Catalog figure "${text}" is not a length`);
  return { value: parsed.inches, verified: !unverified && !disputed };
}

type Row = {
  id: string;
  maker: string;
  line: string;
  type: ShingleType | null;
  cut: ShingleCut | null;
  /** "length x height" in inches, "?" ending an unverified figure; null when no size was found. */
  size: string | null;
  exposure: string | null;
  years: string | null;
  discontinued: DiscontinuedState;
  confidence: RowConfidence;
  source: string;
  note?: string;
  nailZone?: [NailZone, boolean];
  sealant?: [Sealant, boolean];
  granulesOnBack?: [boolean, boolean];
};

function entry(row: Row): CatalogEntry {
  const disputed = row.confidence === 'X';
  const [lengthText, heightText] = row.size ? row.size.split(' x ') : [null, null];
  const datesBacked = row.confidence === 'A' || row.confidence === 'B';
  const years: CatalogText | null = row.years ? { text: row.years.replace(/\?/g, ''), verified: datesBacked && !row.years.includes('?') } : null;
  return {
    id: row.id,
    manufacturer: row.maker,
    line: row.line,
    type: row.type,
    cut: row.cut,
    length: figure(lengthText ?? null, disputed),
    height: figure(heightText && heightText !== '?' ? heightText : null, disputed),
    exposure: figure(row.exposure, disputed),
    nailZone: row.nailZone ? { value: row.nailZone[0], verified: row.nailZone[1] } : null,
    sealant: row.sealant ? { value: row.sealant[0], verified: row.sealant[1] } : null,
    granulesOnBack: row.granulesOnBack ? { value: row.granulesOnBack[0], verified: row.granulesOnBack[1] } : null,
    yearsMade: years,
    discontinued: { value: row.discontinued, verified: datesBacked && row.discontinued !== 'unknown' },
    confidence: row.confidence,
    source: row.source,
    note: row.note ?? null,
    scope: 'catalog',
  };
}

const SECONDARY = 'Contractor data files and trade articles';

const L = 'laminated' as const;
const T = 'three_tab' as const;
const D = 'designer' as const;
const RT = 'random_tabs' as const;
const TT = 'three_tabs' as const;
const SL = 'slate_look' as const;
const SH = 'shake_look' as const;

const ROWS: Row[] = [
  // GAF (and Elk lines GAF bought in 2007)
  { id: 'gaf-timberline-hdz', maker: 'GAF', line: 'Timberline HDZ', type: L, cut: RT, size: '39-3/8? x 13-1/4?', exposure: '5-5/8?', years: '2018?–current', discontinued: 'no', confidence: 'C', source: SECONDARY, note: 'StrikeZone nailing area and LayerLock; four nails reach the top wind warranty with GAF starter.' },
  { id: 'gaf-timberline-hd', maker: 'GAF', line: 'Timberline HD', type: L, cut: RT, size: '39-3/8? x 13-1/4?', exposure: '5-5/8?', years: '2007?–2018?', discontinued: 'yes', confidence: 'C', source: SECONDARY, note: 'Reported as replaced by HDZ; still named in a GAF warranty guide.' },
  { id: 'gaf-timberline-ultra', maker: 'GAF', line: 'Timberline Ultra / Ultra HD', type: L, cut: RT, size: '39-3/8? x 13-1/4?', exposure: '5-5/8?', years: '2005?–2014?', discontinued: 'yes', confidence: 'C', source: SECONDARY, granulesOnBack: [true, false], note: 'Heavier laminate; granules added to the back from 2011.' },
  { id: 'gaf-timberline-pre-hd', maker: 'GAF', line: 'Timberline 20/25/30/40 (before HD)', type: L, cut: RT, size: '39-3/8? x 13-1/4?', exposure: '5-5/8?', years: '1980s?–2007?', discontinued: 'yes', confidence: 'C', source: SECONDARY, note: 'Not to be mixed with later Timberline product.' },
  { id: 'gaf-timberline-shadow', maker: 'GAF', line: 'Timberline Shadow (early)', type: L, cut: RT, size: '37? x 12?', exposure: '5?', years: 'to 2001?', discontinued: 'yes', confidence: 'C', source: SECONDARY },
  { id: 'gaf-timberline-natural-shadow', maker: 'GAF', line: 'Timberline Natural Shadow', type: L, cut: RT, size: '39-3/8? x 13-1/4?', exposure: '5-5/8?', years: 'to current?', discontinued: 'unknown', confidence: 'C', source: SECONDARY, note: 'Older runs (Natural Shadow 30 of 2007) are listed as do-not-mix.' },
  { id: 'gaf-timberline-american-harvest', maker: 'GAF', line: 'Timberline American Harvest', type: L, cut: RT, size: '39-3/8? x 13-1/4?', exposure: '5-5/8?', years: 'to current?', discontinued: 'no', confidence: 'C', source: SECONDARY },
  { id: 'gaf-timberline-as-ii', maker: 'GAF', line: 'Timberline AS II', type: L, cut: RT, size: null, exposure: null, years: 'to current?', discontinued: 'no', confidence: 'C', source: SECONDARY, note: 'Impact-rated laminate; no size found.' },
  { id: 'gaf-royal-sovereign', maker: 'GAF', line: 'Royal Sovereign', type: T, cut: TT, size: '36? x 12?', exposure: '5?', years: 'sold as a 25-year product in 2011', discontinued: 'unknown', confidence: 'C', source: SECONDARY, sealant: ['dashed', false] },
  { id: 'gaf-sentinel', maker: 'GAF', line: 'Sentinel', type: T, cut: TT, size: '36? x 12?', exposure: '5?', years: 'to 2010? or 2017/18?', discontinued: 'yes', confidence: 'X', source: SECONDARY, sealant: ['dashed', false], note: 'When it ended is disputed: one 2011 article says already gone, data files say 2017–2018.' },
  { id: 'gaf-camelot', maker: 'GAF', line: 'Camelot (original)', type: D, cut: SL, size: '36? x 14-1/2?', exposure: '5-5/8?', years: '2003?–2017?', discontinued: 'yes', confidence: 'X', source: SECONDARY },
  { id: 'gaf-camelot-ii', maker: 'GAF', line: 'Camelot II', type: D, cut: SL, size: '36? x 14-1/2?', exposure: '5-5/8?', years: 'to current?', discontinued: 'no', confidence: 'X', source: SECONDARY },
  { id: 'gaf-grand-sequoia', maker: 'GAF', line: 'Grand Sequoia', type: D, cut: SH, size: '42? x 16?', exposure: '8?', years: 'to current?', discontinued: 'no', confidence: 'X', source: SECONDARY, note: 'The reported size fails the 2 in headlap check: suspect.' },
  { id: 'gaf-grand-canyon', maker: 'GAF', line: 'Grand Canyon', type: D, cut: SH, size: '36? x 17-3/8?', exposure: '8?', years: 'to current?', discontinued: 'unknown', confidence: 'X', source: SECONDARY, note: 'The reported size fails the 2 in headlap check: suspect.' },
  { id: 'gaf-slateline', maker: 'GAF', line: 'Slateline', type: D, cut: SL, size: '36? x 12?', exposure: '5?', years: null, discontinued: 'unknown', confidence: 'X', source: SECONDARY },
  { id: 'gaf-country-mansion', maker: 'GAF', line: 'Country Mansion', type: D, cut: null, size: null, exposure: null, years: null, discontinued: 'yes', confidence: 'C', source: SECONDARY },
  { id: 'elk-prestique-30', maker: 'Elk', line: 'Prestique (30-year)', type: L, cut: RT, size: '38-3/4? x 13-1/4?', exposure: '5-5/8?', years: 'mid-1990s?–2007/2009?', discontinued: 'yes', confidence: 'C', source: SECONDARY, note: 'Elk became part of GAF in March 2007.' },
  { id: 'elk-prestique-i', maker: 'Elk', line: 'Prestique I (40-year)', type: L, cut: RT, size: '39-3/8? x 13-1/4?', exposure: '5-5/8?', years: 'to 2007?', discontinued: 'yes', confidence: 'C', source: SECONDARY },
  { id: 'elk-prestique-plus', maker: 'Elk', line: 'Prestique Plus (40, later 50-year)', type: L, cut: RT, size: '39-3/8? x 13-1/4?', exposure: '5-5/8?', years: 'to 2007?', discontinued: 'yes', confidence: 'C', source: SECONDARY, granulesOnBack: [true, false] },
  { id: 'elk-raised-profile', maker: 'Elk', line: 'Raised Profile (30-year)', type: L, cut: RT, size: '38-3/4? x 13-1/4?', exposure: '5-5/8?', years: 'to 2007?', discontinued: 'yes', confidence: 'C', source: SECONDARY },
  { id: 'elk-capstone', maker: 'Elk', line: 'Capstone (Formula FLX)', type: D, cut: null, size: '39-1/2 x 12-1/8', exposure: '5', years: 'to 2007? (sheet dated June 2006)', discontinued: 'yes', confidence: 'A', source: 'Elk specification sheet (2006)', note: 'One data file gives a larger designer size; the maker\'s own sheet is preferred. Only 1/8 in longer than the metric 39-3/8.' },
  { id: 'elk-domain-winslow', maker: 'Elk', line: 'Domain Winslow', type: D, cut: SH, size: '40? x 14-1/2?', exposure: '5-5/8?', years: 'to 2007?', discontinued: 'yes', confidence: 'X', source: SECONDARY, note: 'Another data file gives 36 x 18 with an 8 in exposure.' },
  // Owens Corning
  { id: 'oc-trudefinition-duration', maker: 'Owens Corning', line: 'TruDefinition Duration', type: L, cut: RT, size: '39-3/8? x 13-1/4?', exposure: '5-5/8?', years: '2010?–current', discontinued: 'no', confidence: 'B', source: 'Owens Corning figures quoted by a third party; installation instructions', nailZone: ['fabric_strip', true], note: 'SureNail woven fabric strip over the nailing area.' },
  { id: 'oc-duration-original', maker: 'Owens Corning', line: 'Duration (before TruDefinition)', type: L, cut: RT, size: '39-3/8? x 13-1/4?', exposure: '5-5/8?', years: '2007?–2010?', discontinued: 'yes', confidence: 'C', source: SECONDARY, nailZone: ['plastic_strip', false], note: 'Data files say its SureNail strip was black plastic, unlike later fabric.' },
  { id: 'oc-duration-storm', maker: 'Owens Corning', line: 'TruDefinition Duration STORM', type: L, cut: RT, size: null, exposure: null, years: null, discontinued: 'unknown', confidence: 'C', source: SECONDARY, nailZone: ['fabric_strip', false], note: 'Impact-resistant (WeatherGuard); no size found.' },
  { id: 'oc-duration-flex', maker: 'Owens Corning', line: 'TruDefinition Duration FLEX', type: L, cut: RT, size: null, exposure: null, years: '2019–current', discontinued: 'no', confidence: 'C', source: SECONDARY, nailZone: ['fabric_strip', false], note: 'SBS polymer asphalt, UL 2218 Class 4; no size found.' },
  { id: 'oc-oakridge', maker: 'Owens Corning', line: 'Oakridge (incl. AR, TruDefinition)', type: L, cut: RT, size: '39-3/8? x 13-1/4?', exposure: '5-5/8?', years: '2008?–current', discontinued: 'no', confidence: 'C', source: SECONDARY, nailZone: ['fabric_strip', true] },
  { id: 'oc-oakridge-pro-25-30', maker: 'Owens Corning', line: 'Oakridge Pro 25 / 30', type: L, cut: RT, size: '38-3/4? x 13-1/4?', exposure: '5-5/8?', years: 'to 2008?', discontinued: 'yes', confidence: 'C', source: SECONDARY },
  { id: 'oc-oakridge-pro-40-50', maker: 'Owens Corning', line: 'Oakridge Pro 40 / 50', type: L, cut: RT, size: '39-3/8? x 13-1/4?', exposure: '5-5/8?', years: 'to 2008?', discontinued: 'yes', confidence: 'C', source: SECONDARY },
  { id: 'oc-supreme', maker: 'Owens Corning', line: 'Supreme', type: T, cut: TT, size: '36? x 12?', exposure: '5?', years: 'to current?', discontinued: 'no', confidence: 'C', source: SECONDARY, sealant: ['solid', false] },
  { id: 'oc-classic', maker: 'Owens Corning', line: 'Classic', type: T, cut: TT, size: '36? x 12?', exposure: '5?', years: 'to 2015? or 2018?', discontinued: 'yes', confidence: 'C', source: SECONDARY },
  { id: 'oc-woodcrest', maker: 'Owens Corning', line: 'Woodcrest', type: D, cut: SH, size: '36? x 15-1/4?', exposure: '6-1/2?', years: 'to current', discontinued: 'no', confidence: 'C', source: 'Weight from the maker; size from data files', note: 'Row marks: weight A (350 lb per square), size C.' },
  { id: 'oc-woodmoor', maker: 'Owens Corning', line: 'Woodmoor', type: D, cut: SH, size: '36? x 17-1/4?', exposure: '8?', years: 'to current', discontinued: 'no', confidence: 'X', source: 'Weight from the maker; size from data files', note: 'Row marks: weight A (465 lb per square), size disputed; the size fails the headlap check.' },
  { id: 'oc-berkshire', maker: 'Owens Corning', line: 'Berkshire', type: D, cut: SL, size: '36? x 15-1/4?', exposure: '6-1/2?', years: 'to current', discontinued: 'no', confidence: 'C', source: SECONDARY },
  { id: 'oc-devonshire', maker: 'Owens Corning', line: 'Devonshire', type: D, cut: SL, size: '40? x 18?', exposure: '9?', years: 'to 2020?', discontinued: 'yes', confidence: 'X', source: SECONDARY, note: 'The reported size fails the headlap check: suspect.' },
  { id: 'oc-prominence', maker: 'Owens Corning', line: 'Prominence', type: T, cut: TT, size: null, exposure: null, years: 'to 2008?', discontinued: 'yes', confidence: 'C', source: SECONDARY, note: 'A 3-tab with a laminate look.' },
  { id: 'oc-weatherguard-ir', maker: 'Owens Corning', line: 'WeatherGuard IR', type: null, cut: null, size: null, exposure: null, years: 'to 2011?', discontinued: 'yes', confidence: 'C', source: SECONDARY, note: 'Impact-rated.' },
  // CertainTeed
  { id: 'ct-landmark', maker: 'CertainTeed', line: 'Landmark (and AR)', type: L, cut: RT, size: '38-3/4 x 13-1/4', exposure: '5-5/8', years: '2005?–current', discontinued: 'no', confidence: 'B', source: 'CertainTeed data sheet, seen as a transcription', nailZone: ['painted_line', false], note: 'NailTrak nailing guide. Reported as the only current laminate at 38-3/4 in.' },
  { id: 'ct-landmark-pro', maker: 'CertainTeed', line: 'Landmark PRO (and AR)', type: L, cut: RT, size: '38-3/4 x 13-1/4', exposure: '5-5/8', years: 'to current', discontinued: 'no', confidence: 'B', source: 'CertainTeed data sheet, seen as a transcription', nailZone: ['painted_line', false] },
  { id: 'ct-landmark-premium', maker: 'CertainTeed', line: 'Landmark Premium (and AR)', type: L, cut: RT, size: '38-3/4 x 13-1/4', exposure: '5-5/8', years: 'to current', discontinued: 'no', confidence: 'B', source: 'CertainTeed data sheet, seen as a transcription', nailZone: ['painted_line', false] },
  { id: 'ct-landmark-climateflex', maker: 'CertainTeed', line: 'Landmark ClimateFlex', type: L, cut: RT, size: '38-3/4 x 13-1/4', exposure: '5-5/8', years: 'to current', discontinued: 'no', confidence: 'B', source: 'CertainTeed data sheet, seen as a transcription', nailZone: ['painted_line', false], note: 'Polymer-modified, UL 2218 Class 4.' },
  { id: 'ct-landmark-english', maker: 'CertainTeed', line: 'Landmark 25 / 30 (English size)', type: L, cut: RT, size: '36? x 12?', exposure: '5?', years: 'to 2005?', discontinued: 'yes', confidence: 'C', source: SECONDARY },
  { id: 'ct-landmark-tl', maker: 'CertainTeed', line: 'Landmark TL', type: L, cut: RT, size: null, exposure: null, years: null, discontinued: 'unknown', confidence: 'C', source: 'Distributor price list', note: 'Reportedly three layers; no size found.' },
  { id: 'ct-belmont', maker: 'CertainTeed', line: 'Belmont (AR IR)', type: D, cut: SL, size: '36 x 18', exposure: '8', years: 'to current', discontinued: 'no', confidence: 'B', source: 'CertainTeed data sheet, seen as a transcription' },
  { id: 'ct-carriage-house', maker: 'CertainTeed', line: 'Carriage House', type: D, cut: SL, size: '36 x 18', exposure: '8', years: 'to current', discontinued: 'no', confidence: 'B', source: 'CertainTeed data sheet, seen as a transcription', note: 'Two full base layers.' },
  { id: 'ct-presidential-shake', maker: 'CertainTeed', line: 'Presidential Shake (incl. TL, IR)', type: D, cut: SH, size: '36? x 18?', exposure: '8?', years: 'to current', discontinued: 'no', confidence: 'C', source: SECONDARY, note: 'Thick rounded ("pumpkin") tooth butt.' },
  { id: 'ct-grand-manor', maker: 'CertainTeed', line: 'Grand Manor', type: D, cut: SL, size: '36? x 16?', exposure: '7?', years: 'to current', discontinued: 'no', confidence: 'C', source: SECONDARY },
  { id: 'ct-hatteras', maker: 'CertainTeed', line: 'Hatteras', type: D, cut: SL, size: null, exposure: null, years: 'to 2016?', discontinued: 'yes', confidence: 'C', source: SECONDARY, note: 'Large four-tab slate look.' },
  { id: 'ct-xt-25', maker: 'CertainTeed', line: 'XT 25', type: T, cut: TT, size: '36? x 12?', exposure: '5?', years: null, discontinued: 'unknown', confidence: 'X', source: SECONDARY, sealant: ['dashed', false], note: 'Whether it is still made is disputed.' },
  { id: 'ct-xt-25-metric', maker: 'CertainTeed', line: 'XT 25 Metric AR', type: T, cut: TT, size: '39-3/8? x 13-1/4?', exposure: '5-5/8?', years: 'to 2017?', discontinued: 'yes', confidence: 'C', source: SECONDARY },
  { id: 'ct-xt-30', maker: 'CertainTeed', line: 'XT 30', type: T, cut: TT, size: '36? x 12?', exposure: '5?', years: null, discontinued: 'yes', confidence: 'C', source: SECONDARY },
  { id: 'ct-horizon-shangle', maker: 'CertainTeed', line: 'Horizon Shangle', type: null, cut: null, size: null, exposure: null, years: 'popular 1987–1996; organic, made up to 2005', discontinued: 'yes', confidence: 'B', source: 'Class settlement documents', note: 'Organic mat; part of the 1987–2005 settlement.' },
  { id: 'ct-hallmark-independence', maker: 'CertainTeed', line: 'Hallmark Shangle, Independence Shangle, Hearthstead', type: null, cut: null, size: null, exposure: null, years: 'up to 2005', discontinued: 'yes', confidence: 'B', source: 'Class settlement documents', note: 'Organic mat.' },
  { id: 'ct-sealdon', maker: 'CertainTeed', line: 'Sealdon 20/25, Custom Sealdon (30)', type: T, cut: null, size: null, exposure: null, years: 'up to 2005', discontinued: 'yes', confidence: 'B', source: 'Class settlement documents', note: 'Organic mat strip.' },
  { id: 'ct-lock-slab', maker: 'CertainTeed', line: 'Custom Lok 25, Saf-T-Lok, Solid Slab, Master Slab', type: null, cut: null, size: null, exposure: null, years: 'up to 2005', discontinued: 'yes', confidence: 'B', source: 'Class settlement documents', note: 'Organic mat lock-down and slab shingles.' },
  { id: 'ct-patriot', maker: 'CertainTeed', line: 'Patriot', type: null, cut: null, size: null, exposure: null, years: null, discontinued: 'yes', confidence: 'X', source: SECONDARY, note: 'Sources disagree whether it is a strip or a laminate.' },
  // IKO
  { id: 'iko-cambridge', maker: 'IKO', line: 'Cambridge', type: L, cut: RT, size: '40-7/8 x 13-3/4', exposure: '5-7/8', years: 'to current', discontinued: 'no', confidence: 'A', source: 'IKO dimensions page' },
  { id: 'iko-cambridge-cool', maker: 'IKO', line: 'Cambridge Cool Colors', type: L, cut: RT, size: '40-7/8 x 13-3/4', exposure: '5-7/8', years: 'to current', discontinued: 'no', confidence: 'A', source: 'IKO dimensions page' },
  { id: 'iko-dynasty', maker: 'IKO', line: 'Dynasty', type: L, cut: RT, size: '40-7/8 x 13-3/4', exposure: '5-7/8', years: 'to current', discontinued: 'no', confidence: 'A', source: 'IKO dimensions page', note: 'ArmourZone reinforced nailing strip.' },
  { id: 'iko-nordic', maker: 'IKO', line: 'Nordic', type: L, cut: RT, size: '40-7/8 x 13-3/4', exposure: '5-7/8', years: 'to current', discontinued: 'no', confidence: 'A', source: 'IKO dimensions page' },
  { id: 'iko-marathon-plus', maker: 'IKO', line: 'Marathon Plus AR', type: T, cut: TT, size: '39-3/8 x 13-1/4', exposure: '5-5/8', years: 'to current', discontinued: 'no', confidence: 'A', source: 'IKO dimensions page', sealant: ['dashed', false] },
  { id: 'iko-royal-estate', maker: 'IKO', line: 'Royal Estate', type: D, cut: null, size: '40 x 13-1/4', exposure: '5-5/8', years: 'to current', discontinued: 'no', confidence: 'A', source: 'IKO dimensions page' },
  { id: 'iko-crowne-slate', maker: 'IKO', line: 'Crowne Slate', type: D, cut: SL, size: '39-1/2 x 13-1/4', exposure: '10', years: 'to current', discontinued: 'no', confidence: 'X', source: 'IKO dimensions page; a data file disagrees', note: 'IKO\'s page gives a 10 in exposure, impossible on a 13-1/4 in shingle with 2 in headlap; a data file gives 41-3/4 x 15-7/8 with 6-1/2 in. Check the current data sheet.' },
  { id: 'iko-armourshake', maker: 'IKO', line: 'Armourshake', type: D, cut: SH, size: '37-3/8 x 18-1/2', exposure: '5-1/2', years: 'to current', discontinued: 'no', confidence: 'A', source: 'IKO dimensions page' },
  { id: 'crc-biltmore', maker: 'CRC', line: 'Biltmore (made by IKO)', type: L, cut: RT, size: '40-7/8? x 13-3/4?', exposure: '5-7/8?', years: null, discontinued: 'unknown', confidence: 'C', source: SECONDARY },
  // TAMKO
  { id: 'tamko-heritage', maker: 'TAMKO', line: 'Heritage (current)', type: L, cut: RT, size: '39-3/8? x 13-1/4?', exposure: '5-5/8?', years: '2016?–current', discontinued: 'no', confidence: 'C', source: SECONDARY },
  { id: 'tamko-heritage-dallas-joplin', maker: 'TAMKO', line: 'Heritage (Dallas / Joplin run)', type: L, cut: RT, size: '38-3/4? x 13-1/4?', exposure: '5-5/8?', years: 'to 2016?', discontinued: 'yes', confidence: 'C', source: SECONDARY, note: 'Not to be mixed with the later run.' },
  { id: 'tamko-heritage-english', maker: 'TAMKO', line: 'Heritage 25 / 30 (English size)', type: L, cut: RT, size: '36-1/2? x 12?', exposure: '5?', years: 'to 2012?', discontinued: 'yes', confidence: 'C', source: SECONDARY, note: 'A 2026 distributor list still sells a "Heritage 30 AR".' },
  { id: 'tamko-heritage-xl', maker: 'TAMKO', line: 'Heritage XL', type: L, cut: RT, size: '36-5/8? x ?', exposure: null, years: null, discontinued: 'yes', confidence: 'C', source: SECONDARY },
  { id: 'tamko-heritage-woodgate', maker: 'TAMKO', line: 'Heritage Woodgate', type: L, cut: RT, size: '39-3/8? x 13-1/4?', exposure: '5-5/8?', years: 'to current', discontinued: 'no', confidence: 'C', source: SECONDARY, note: 'Large tapered teeth.' },
  { id: 'tamko-elite-glass-seal', maker: 'TAMKO', line: 'Elite Glass-Seal', type: T, cut: TT, size: '36? x 12-1/4?', exposure: '5-1/8?', years: 'to current', discontinued: 'no', confidence: 'X', source: SECONDARY, note: 'Another data file gives 36 x 12 with 5 in.' },
  { id: 'tamko-glass-seal', maker: 'TAMKO', line: 'Glass-Seal (20-year)', type: T, cut: TT, size: '36? x 12?', exposure: '5?', years: null, discontinued: 'yes', confidence: 'C', source: SECONDARY },
  { id: 'tamko-titan-stormfighter', maker: 'TAMKO', line: 'Titan XT; StormFighter IR', type: L, cut: RT, size: null, exposure: null, years: 'to current', discontinued: 'no', confidence: 'C', source: 'Distributor price list' },
  // Atlas
  { id: 'atlas-pinnacle-pristine', maker: 'Atlas', line: 'Pinnacle Pristine (HP42)', type: L, cut: RT, size: '42? x 14?', exposure: '6?', years: '2017?–current', discontinued: 'no', confidence: 'C', source: 'Wind table from the Atlas warranty; size from data files', note: 'Row marks: wind A, size C.' },
  { id: 'atlas-pinnacle-middle', maker: 'Atlas', line: 'Pinnacle / StormMaster (middle generation)', type: L, cut: RT, size: '39-3/8? x 13-1/4?', exposure: '5-5/8?', years: '2013?–2017?', discontinued: 'yes', confidence: 'X', source: SECONDARY, note: 'Another data file gives 39-3/8 x 14 with 6 in. Not to be mixed with HP42.' },
  { id: 'atlas-pinnacle-early', maker: 'Atlas', line: 'Pinnacle / StormMaster (early)', type: L, cut: RT, size: '38-1/4? x 13-1/8?', exposure: '5-5/8?', years: 'about 2013?', discontinued: 'yes', confidence: 'C', source: SECONDARY },
  { id: 'atlas-stormmaster-shake', maker: 'Atlas', line: 'StormMaster Shake', type: L, cut: SH, size: '42? x 14?', exposure: '6?', years: 'to current', discontinued: 'no', confidence: 'X', source: 'Wind table from the Atlas warranty; size from data files', note: 'Another data file gives 42 x 16 with 8 in.' },
  { id: 'atlas-stormmaster-slate', maker: 'Atlas', line: 'StormMaster Slate', type: L, cut: SL, size: '42? x 14?', exposure: '6?', years: 'to current', discontinued: 'no', confidence: 'C', source: 'Wind table from the Atlas warranty; size from data files', note: 'Row marks: wind A, size C.' },
  { id: 'atlas-briarwood-pro', maker: 'Atlas', line: 'Briarwood Pro', type: L, cut: RT, size: '42? x 14?', exposure: '6?', years: 'to current', discontinued: 'no', confidence: 'C', source: 'Wind table from the Atlas warranty; size from data files', note: 'Row marks: wind A, size C.' },
  { id: 'atlas-castlebrook', maker: 'Atlas', line: 'Castlebrook', type: L, cut: RT, size: '42? x 14?', exposure: '6?', years: 'early run about 2013?; current', discontinued: 'no', confidence: 'X', source: 'Wind table from the Atlas warranty; size from data files', note: 'The early run is reported at 38-5/8 in long.' },
  { id: 'atlas-prolam', maker: 'Atlas', line: 'ProLAM', type: L, cut: RT, size: '42? x 14?', exposure: '6?', years: 'to current?', discontinued: 'unknown', confidence: 'C', source: SECONDARY },
  { id: 'atlas-glassmaster', maker: 'Atlas', line: 'GlassMaster', type: T, cut: TT, size: '36? x 12?', exposure: '5?', years: 'to current?', discontinued: 'unknown', confidence: 'C', source: SECONDARY, sealant: ['solid', false] },
  { id: 'atlas-chalet', maker: 'Atlas', line: 'Chalet', type: null, cut: TT, size: null, exposure: null, years: '1999/2000–2008/2010', discontinued: 'yes', confidence: 'B', source: 'Several independent articles on the class actions', note: 'A 3-tab base with a thick granule overlay that looks laminated; a darker band along the upper face. Class actions filed 2013.' },
  { id: 'atlas-stratford', maker: 'Atlas', line: 'Stratford', type: null, cut: TT, size: '36? x 12?', exposure: '5?', years: null, discontinued: 'yes', confidence: 'C', source: SECONDARY, note: 'Heavy 3-tab base with a laminate look.' },
  // Malarkey
  { id: 'malarkey-legacy', maker: 'Malarkey', line: 'Legacy', type: L, cut: RT, size: '40? x 13-1/4?', exposure: '5-5/8?', years: '1997–current', discontinued: 'no', confidence: 'B', source: 'Malarkey article for dates; size from data files', nailZone: ['double_layer', true], note: 'SBS-modified, Class 4. Row marks: dates B, size C.' },
  { id: 'malarkey-highlander', maker: 'Malarkey', line: 'Highlander (CS, NEX, NEX AR)', type: L, cut: RT, size: '39? x 13-1/4?', exposure: '5-5/8?', years: 'by 2004–current', discontinued: 'no', confidence: 'C', source: SECONDARY, nailZone: ['double_layer', true] },
  { id: 'malarkey-vista', maker: 'Malarkey', line: 'Vista (AR)', type: L, cut: RT, size: '39? x 13-1/4?', exposure: '5-5/8?', years: 'to current', discontinued: 'no', confidence: 'C', source: SECONDARY },
  { id: 'malarkey-dura-seal', maker: 'Malarkey', line: 'Dura-Seal (20, 25, AR)', type: T, cut: TT, size: '39-3/8? x 13-1/4?', exposure: '5-5/8?', years: null, discontinued: 'unknown', confidence: 'C', source: SECONDARY, sealant: ['dashed', false] },
  { id: 'malarkey-alaskan', maker: 'Malarkey', line: 'The Alaskan', type: null, cut: null, size: null, exposure: null, years: null, discontinued: 'unknown', confidence: 'C', source: 'Evaluation report listing', note: 'Single-layer self-sealing strip.' },
  { id: 'malarkey-northwest-xl', maker: 'Malarkey', line: 'Northwest-XL', type: L, cut: RT, size: null, exposure: null, years: 'by 2004', discontinued: 'unknown', confidence: 'C', source: 'Trade magazine article', nailZone: ['double_layer', true] },
  { id: 'malarkey-windsor', maker: 'Malarkey', line: 'Windsor', type: D, cut: null, size: null, exposure: null, years: 'to current', discontinued: 'no', confidence: 'C', source: 'Distributor price list' },
  // PABCO
  { id: 'pabco-premier', maker: 'PABCO', line: 'Premier', type: L, cut: RT, size: '40? x 13-1/4?', exposure: '5-5/8?', years: 'to current', discontinued: 'no', confidence: 'C', source: SECONDARY, note: 'Narrow teeth.' },
  { id: 'pabco-prestige', maker: 'PABCO', line: 'Prestige', type: L, cut: RT, size: '40? x 13-1/4?', exposure: '5-5/8?', years: 'to current', discontinued: 'no', confidence: 'C', source: SECONDARY },
  { id: 'pabco-paramount', maker: 'PABCO', line: 'Paramount (Advantage)', type: D, cut: SH, size: null, exposure: null, years: 'by 2010', discontinued: 'unknown', confidence: 'C', source: SECONDARY, note: 'Rounded ("pumpkin") tooth.' },
  { id: 'pabco-tahoma', maker: 'PABCO', line: 'Tahoma', type: T, cut: TT, size: '39-3/8? x 13-1/4?', exposure: '5-5/8?', years: 'to current?', discontinued: 'unknown', confidence: 'C', source: SECONDARY },
  // BP (Canada)
  { id: 'bp-laminates', maker: 'BP', line: 'Laminates (e.g. Mystique 42)', type: L, cut: RT, size: '42? x 14?', exposure: '6?', years: 'to current', discontinued: 'no', confidence: 'C', source: SECONDARY },
  { id: 'bp-yukon-dakota', maker: 'BP', line: 'Yukon / Dakota', type: T, cut: TT, size: '39-3/8? x 13-1/4?', exposure: '5-5/8?', years: 'to current?', discontinued: 'unknown', confidence: 'C', source: SECONDARY },
];

/** The shipped catalog, every line with its figures' verified state and its row confidence. */
export const SEED_CATALOG: CatalogEntry[] = ROWS.map(entry);
