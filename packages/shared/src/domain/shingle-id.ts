import { formatInches } from './shingle-length';

// Shingle identification: a field rep measures a shingle on the roof and notes what is visible; the
// catalog lines are ranked by how well they fit. The same ranking runs on the phone (offline, on the
// cached catalog) and on the server when a result is saved, so both give the same answer. It is
// honest about what it knows: a catalog figure that no manufacturer document confirms is marked
// unverified wherever it is shown, ties between lines of one size are said out loud, and a lab
// sample is advised when the answer is not sure.

export const SHINGLE_TYPES = ['three_tab', 'laminated', 'designer'] as const;
export type ShingleType = (typeof SHINGLE_TYPES)[number];
export const SHINGLE_TYPE_LABELS: Record<ShingleType, string> = {
  three_tab: '3-tab',
  laminated: 'Laminated / architectural',
  designer: 'Designer',
};

export const SHINGLE_CUTS = ['three_tabs', 'random_tabs', 'slate_look', 'shake_look'] as const;
export type ShingleCut = (typeof SHINGLE_CUTS)[number];
export const SHINGLE_CUT_LABELS: Record<ShingleCut, string> = {
  three_tabs: 'Three tabs',
  random_tabs: 'Random tabs',
  slate_look: 'Slate look',
  shake_look: 'Shake look',
};

/** What the nailing area looks like on the face of the shingle. */
export const NAIL_ZONES = ['fabric_strip', 'plastic_strip', 'painted_line', 'double_layer', 'none'] as const;
export type NailZone = (typeof NAIL_ZONES)[number];
export const NAIL_ZONE_LABELS: Record<NailZone, string> = {
  fabric_strip: 'Woven fabric nailing strip',
  plastic_strip: 'Black plastic nailing strip',
  painted_line: 'Painted or printed nail line',
  double_layer: 'Double-thickness nailing band',
  none: 'No marked nailing area',
};

export const SEALANTS = ['dashed', 'solid'] as const;
export type Sealant = (typeof SEALANTS)[number];
export const SEALANT_LABELS: Record<Sealant, string> = { dashed: 'Dashed sealant', solid: 'Solid sealant line' };

export const ROW_CONFIDENCES = ['A', 'B', 'C', 'X'] as const;
export type RowConfidence = (typeof ROW_CONFIDENCES)[number];
/** What each catalog row's mark means, said to the user. */
export const ROW_CONFIDENCE_LABELS: Record<RowConfidence, string> = {
  A: 'A: key figures seen in a manufacturer or official document',
  B: 'B: manufacturer figures seen only in a third-party copy, or dates confirmed by several sources',
  C: 'C: a single secondary source or a contractor data file only',
  X: 'X: the sources disagree',
};

export const DISCONTINUED_STATES = ['yes', 'no', 'unknown'] as const;
export type DiscontinuedState = (typeof DISCONTINUED_STATES)[number];

/** A catalog figure in inches and whether a manufacturer or official document confirms it. */
export type CatalogFigure = { value: number; verified: boolean };
export type CatalogText = { text: string; verified: boolean };

export type CatalogEntry = {
  id: string;
  manufacturer: string;
  line: string;
  type: ShingleType | null;
  cut: ShingleCut | null;
  length: CatalogFigure | null;
  height: CatalogFigure | null;
  exposure: CatalogFigure | null;
  nailZone: { value: NailZone; verified: boolean } | null;
  sealant: { value: Sealant; verified: boolean } | null;
  granulesOnBack: { value: boolean; verified: boolean } | null;
  yearsMade: CatalogText | null;
  discontinued: { value: DiscontinuedState; verified: boolean };
  confidence: RowConfidence;
  /** Where the figures come from, in words (kinds of sources, not addresses). */
  source: string;
  note: string | null;
  /** A company's own product (visible to that company only), or the shared catalog. */
  scope: 'catalog' | 'company';
};

export const ANSWER_UNKNOWN = 'unknown';

/** What the rep measured and saw. Lengths are inches on a 1/16 mark; null when not measured. */
export type ShingleMeasurements = {
  lengthIn: number | null;
  heightIn: number | null;
  exposureIn: number | null;
  type: ShingleType | 'unknown';
  cut: ShingleCut | 'unknown';
  nailZone: NailZone | 'unknown';
  sealant: Sealant | 'unknown';
  granulesOnBack: 'yes' | 'no' | 'unknown';
  /** Text or a plant code printed on the release tape on the back. */
  tapeText: string;
};

export const EMPTY_MEASUREMENTS: ShingleMeasurements = {
  lengthIn: null,
  heightIn: null,
  exposureIn: null,
  type: 'unknown',
  cut: 'unknown',
  nailZone: 'unknown',
  sealant: 'unknown',
  granulesOnBack: 'unknown',
  tapeText: '',
};

export type ReasonTone = 'match' | 'mismatch' | 'unknown';
export type Reason = { tone: ReasonTone; text: string };
export type CandidateLevel = 'strong' | 'likely' | 'weak';
export type ResultConfidence = 'high' | 'medium' | 'low';

export type MatchedFigure = { label: 'Length' | 'Height' | 'Exposure'; value: number; verified: boolean };

export type ShingleCandidate = {
  entryId: string;
  manufacturer: string;
  line: string;
  type: ShingleType | null;
  scope: 'catalog' | 'company';
  /** How well the line fits what was measured and seen, 0 to 100. */
  fit: number;
  level: CandidateLevel;
  reasons: Reason[];
  figures: MatchedFigure[];
  yearsMade: CatalogText | null;
  discontinued: { value: DiscontinuedState; verified: boolean };
  rowConfidence: RowConfidence;
};

export const QUESTION_KEYS = ['height', 'type', 'cut', 'nailZone', 'sealant', 'granulesOnBack', 'tapeText'] as const;
export type QuestionKey = (typeof QUESTION_KEYS)[number];
export type SeparatingQuestion = { key: QuestionKey; prompt: string; options: { value: string; label: string }[] };

export type LabAdvice = { recommended: boolean; reason: string; whatToSend: string[] };

export type ShingleRanking = {
  candidates: ShingleCandidate[];
  confidence: ResultConfidence;
  /** Whether the top candidates cannot be told apart from what was entered. */
  tied: boolean;
  topGroup: string[];
  questions: SeparatingQuestion[];
  lab: LabAdvice;
  summary: string;
};

/** At most this many candidates are listed. */
export const MAX_CANDIDATES = 8;
/** A candidate whose fit is within this share of the top one's cannot be told apart from it. */
export const TIE_SHARE = 0.9;
/** A line fitting less than this (out of 100) is not listed. */
export const MIN_LISTED_FIT = 5;
/**
 * When the best line fits less than this, nothing fits: no candidate is listed. (A line whose catalog
 * row has none of the measured figures fits at 25 at most: it can be neither confirmed nor ruled
 * out, so it is never offered as the answer on its own.)
 */
export const NOTHING_FITS_BELOW = 30;

// How far a measurement may sit from a catalog figure. Within 1/16 in (the tape's finest mark) it
// matches; beyond, the fit falls off smoothly, faster for exposure (courses of a roof repeat it
// exactly) than for length (butt joints read 1/16-1/8 in short or long) and height.
const EXACT_WITHIN = 1 / 16 + 1e-9;
const FALL_OFF = { length: 0.25, exposure: 0.2, height: 0.3 } as const;
/** A measured dimension the catalog has no figure for: cannot confirm, cannot rule out. */
const UNKNOWN_FIGURE = 0.5;
const TYPE_MISMATCH = 0.15;
const TYPE_NOT_RECORDED = 0.7;
const CUT_MISMATCH = 0.3;
const CUT_NOT_RECORDED = 0.8;
const FEATURE_MISMATCH = 0.3;
/** A distinctive feature seen on the roof that the catalog does not record for a line. */
const FEATURE_NOT_RECORDED = 0.6;
/** The absence of a feature, on a line whose catalog row says nothing either way. */
const ABSENCE_NOT_RECORDED = 0.9;
const OTHER_MAKER = 0.2;

/** Words on a release tape that point to one maker (from contractor notes, so shown as unverified hints). */
export const TAPE_MAKER_HINTS: { pattern: RegExp; manufacturers: string[] }[] = [
  { pattern: /certainteed|roofing collection/i, manufacturers: ['CertainTeed'] },
  { pattern: /tamko|frederick/i, manufacturers: ['TAMKO'] },
  { pattern: /myerstown|ennis|\belk\b/i, manufacturers: ['Elk'] },
  { pattern: /do not remove|no quitar|owens/i, manufacturers: ['Owens Corning'] },
  { pattern: /\biko\b|^px[a-z]\d{5}$/i, manufacturers: ['IKO'] },
  { pattern: /\bgaf\b/i, manufacturers: ['GAF'] },
  { pattern: /malarkey/i, manufacturers: ['Malarkey'] },
  { pattern: /atlas/i, manufacturers: ['Atlas'] },
];

/** The makers a tape's text points to, or none. */
let lastTape: { text: string; makers: string[] } | null = null;

export function makersFromTape(text: string): string[] {
  if (lastTape?.text === text) return lastTape.makers;
  const makers = findMakers(text);
  lastTape = { text, makers };
  return makers;
}

function findMakers(text: string): string[] {
  const trimmed = text.trim();
  if (!trimmed) return [];
  return TAPE_MAKER_HINTS.find((hint) => hint.pattern.test(trimmed))?.manufacturers ?? [];
}

const makerMatches = (entry: CatalogEntry, makers: string[]) => makers.some((maker) => entry.manufacturer.startsWith(maker));

const verifiedWord = (verified: boolean) => (verified ? 'verified' : 'unverified');

/** Adds a reason in words, written only when the reasons are wanted (ranking a whole catalog writes them for the listed lines only). */
function say(reasons: Reason[] | null, tone: ReasonTone, text: () => string): void {
  reasons?.push({ tone, text: text() });
}

function dimensionFactor(
  label: MatchedFigure['label'],
  measured: number | null,
  figure: CatalogFigure | null,
  fallOff: number,
  reasons: Reason[] | null,
  figures: MatchedFigure[] | null,
): number {
  if (measured === null) return 1;
  if (!figure) {
    say(reasons, 'unknown', () => `${label}: the catalog has no figure for this line`);
    return UNKNOWN_FIGURE;
  }
  figures?.push({ label, value: figure.value, verified: figure.verified });
  const diff = Math.abs(measured - figure.value);
  const catalogWords = () => `${formatInches(figure.value)} in (${verifiedWord(figure.verified)})`;
  if (diff <= EXACT_WITHIN) {
    const within = diff < 1e-9 ? 'matches' : 'within 1/16 in of';
    say(reasons, 'match', () => `${label} ${formatInches(measured)} in ${within} the catalog's ${catalogWords()}`);
    return 1;
  }
  const factor = Math.exp(-(((diff - 1 / 16) / fallOff) ** 2));
  say(
    reasons,
    factor >= 0.5 ? 'match' : 'mismatch',
    () => `${label} ${formatInches(measured)} in is ${formatInches(diff)} in off the catalog's ${catalogWords()}`,
  );
  return factor;
}

function choiceFactor<T extends string>(
  answer: T | 'unknown',
  recorded: { value: T; verified: boolean } | null,
  labels: Record<T, string>,
  what: string,
  weights: { mismatch: number; notRecorded: number },
  reasons: Reason[] | null,
): number {
  if (answer === 'unknown') return 1;
  if (!recorded) {
    say(reasons, 'unknown', () => `${what}: the catalog does not record it for this line`);
    return weights.notRecorded;
  }
  const verified = verifiedWord(recorded.verified);
  if (recorded.value === answer) {
    say(reasons, 'match', () => `${labels[answer]} fits this line (${verified})`);
    return 1;
  }
  say(reasons, 'mismatch', () => `${labels[answer]} seen; the catalog gives ${labels[recorded.value].toLowerCase()} (${verified})`);
  return weights.mismatch;
}

/** How well one catalog line fits, out of 100. */
export function fitOf(entry: CatalogEntry, m: ShingleMeasurements): number {
  return fitWithReasons(entry, m, null, null);
}

/** How well one catalog line fits, with the reasons in words and the catalog figures it was matched on. */
export function scoreEntry(entry: CatalogEntry, m: ShingleMeasurements): { fit: number; reasons: Reason[]; figures: MatchedFigure[] } {
  const reasons: Reason[] = [];
  const figures: MatchedFigure[] = [];
  const fit = fitWithReasons(entry, m, reasons, figures);
  return { fit, reasons, figures };
}

function fitWithReasons(entry: CatalogEntry, m: ShingleMeasurements, reasons: Reason[] | null, figures: MatchedFigure[] | null): number {
  let fit = 1;
  fit *= dimensionFactor('Length', m.lengthIn, entry.length, FALL_OFF.length, reasons, figures);
  fit *= dimensionFactor('Exposure', m.exposureIn, entry.exposure, FALL_OFF.exposure, reasons, figures);
  fit *= dimensionFactor('Height', m.heightIn, entry.height, FALL_OFF.height, reasons, figures);
  const seenType = m.type;
  const lineType = entry.type;
  if (seenType !== 'unknown') {
    if (!lineType) {
      say(reasons, 'unknown', () => 'Type: the catalog does not record it for this line');
      fit *= TYPE_NOT_RECORDED;
    } else if (lineType === seenType) {
      say(reasons, 'match', () => `${SHINGLE_TYPE_LABELS[seenType]}, as this line`);
    } else {
      say(reasons, 'mismatch', () => `${SHINGLE_TYPE_LABELS[seenType]} seen; this line is ${SHINGLE_TYPE_LABELS[lineType].toLowerCase()}`);
      fit *= TYPE_MISMATCH;
    }
  }
  const seenCut = m.cut;
  const lineCut = entry.cut;
  if (seenCut !== 'unknown') {
    if (!lineCut) {
      say(reasons, 'unknown', () => 'Cut: the catalog does not record it for this line');
      fit *= CUT_NOT_RECORDED;
    } else if (lineCut === seenCut) {
      say(reasons, 'match', () => `${SHINGLE_CUT_LABELS[seenCut]}, as this line`);
    } else {
      say(reasons, 'mismatch', () => `${SHINGLE_CUT_LABELS[seenCut]} seen; this line is ${SHINGLE_CUT_LABELS[lineCut].toLowerCase()}`);
      fit *= CUT_MISMATCH;
    }
  }
  const nailNotRecorded = m.nailZone === 'none' ? ABSENCE_NOT_RECORDED : FEATURE_NOT_RECORDED;
  fit *= choiceFactor(m.nailZone, entry.nailZone, NAIL_ZONE_LABELS, 'Nailing area', { mismatch: FEATURE_MISMATCH, notRecorded: nailNotRecorded }, reasons);
  fit *= choiceFactor(m.sealant, entry.sealant, SEALANT_LABELS, 'Sealant pattern', { mismatch: FEATURE_MISMATCH, notRecorded: 0.8 }, reasons);
  if (m.granulesOnBack !== 'unknown') {
    const seen = m.granulesOnBack === 'yes';
    const recorded = entry.granulesOnBack;
    if (!recorded) {
      say(reasons, 'unknown', () => 'Granules on the back: the catalog does not record them for this line');
      fit *= seen ? FEATURE_NOT_RECORDED : ABSENCE_NOT_RECORDED;
    } else if (recorded.value === seen) {
      say(reasons, 'match', () => `Granules on the back ${seen ? 'point to' : 'absent, as'} this line (${verifiedWord(recorded.verified)})`);
    } else {
      say(reasons, 'mismatch', () => `Granules on the back ${seen ? 'seen' : 'absent'}; the catalog says otherwise (${verifiedWord(recorded.verified)})`);
      fit *= FEATURE_MISMATCH;
    }
  }
  const makers = makersFromTape(m.tapeText);
  if (makers.length > 0) {
    if (makerMatches(entry, makers)) {
      say(reasons, 'match', () => `Release-tape text points to ${entry.manufacturer} (unverified marking)`);
    } else {
      say(reasons, 'mismatch', () => `Release-tape text points to ${makers.join(', ')}, not ${entry.manufacturer} (unverified marking)`);
      fit *= OTHER_MAKER;
    }
  }
  return Math.round(fit * 100);
}

const CONFIDENCE_ORDER: Record<RowConfidence, number> = { A: 0, B: 1, X: 2, C: 3 };

/** Compares by UTF-16 code units: the same order in every browser and in Node, whatever the locale. */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The confidence rule. A candidate is strong when it fits at 80 or more, its row is A or B and
 * every figure it was matched on is verified; likely at 60 or more; weak below. The result is high
 * only when the top candidate is strong and stands alone; medium when the top fits at 60 or more;
 * low otherwise (nothing was measured, nothing fits, or only unverified figures fit).
 */
export function candidateLevel(fit: number, row: RowConfidence, figures: MatchedFigure[]): CandidateLevel {
  const allVerified = figures.length > 0 && figures.every((figure) => figure.verified);
  if (fit >= 80 && (row === 'A' || row === 'B') && allVerified) return 'strong';
  if (fit >= 60) return 'likely';
  return 'weak';
}

export function resultConfidence(top: ShingleCandidate | undefined, tied: boolean): ResultConfidence {
  if (!top) return 'low';
  if (top.level === 'strong' && !tied) return 'high';
  if (top.fit >= 60) return 'medium';
  return 'low';
}

const YES_NO = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

function distinct<T>(values: T[]): number {
  return new Set(values.map((value) => JSON.stringify(value))).size;
}

/** The features that differ among the lines that cannot be told apart, as questions not yet answered. */
export function separatingQuestions(group: CatalogEntry[], m: ShingleMeasurements): SeparatingQuestion[] {
  if (group.length < 2) return [];
  const questions: SeparatingQuestion[] = [];
  if (m.heightIn === null && distinct(group.map((entry) => entry.height?.value ?? null)) > 1) {
    questions.push({ key: 'height', prompt: 'Measure the full height of a loose shingle (eave to top edge)', options: [] });
  }
  if (m.type === 'unknown' && distinct(group.map((entry) => entry.type)) > 1) {
    questions.push({ key: 'type', prompt: 'Which type is it?', options: SHINGLE_TYPES.map((value) => ({ value, label: SHINGLE_TYPE_LABELS[value] })) });
  }
  if (m.cut === 'unknown' && distinct(group.map((entry) => entry.cut)) > 1) {
    questions.push({ key: 'cut', prompt: 'How are the tabs cut?', options: SHINGLE_CUTS.map((value) => ({ value, label: SHINGLE_CUT_LABELS[value] })) });
  }
  if (m.nailZone === 'unknown' && distinct(group.map((entry) => entry.nailZone?.value ?? null)) > 1) {
    questions.push({
      key: 'nailZone',
      prompt: 'Lift a tab: what marks the nailing area?',
      options: NAIL_ZONES.map((value) => ({ value, label: NAIL_ZONE_LABELS[value] })),
    });
  }
  if (m.sealant === 'unknown' && distinct(group.map((entry) => entry.sealant?.value ?? null)) > 1) {
    questions.push({
      key: 'sealant',
      prompt: 'Is the sealant on the back dashed or one solid line?',
      options: SEALANTS.map((value) => ({ value, label: SEALANT_LABELS[value] })),
    });
  }
  if (m.granulesOnBack === 'unknown' && distinct(group.map((entry) => entry.granulesOnBack?.value ?? null)) > 1) {
    questions.push({ key: 'granulesOnBack', prompt: 'Are there granules on the back of the shingle?', options: YES_NO });
  }
  if (makersFromTape(m.tapeText).length === 0 && distinct(group.map((entry) => entry.manufacturer)) > 1) {
    questions.push({ key: 'tapeText', prompt: 'What is printed on the release tape on the back (a name or plant code)?', options: [] });
  }
  return questions;
}

/** What a lab needs to name a shingle (a lab asks for a whole shingle or at least one and a half tabs). */
export const LAB_SAMPLE_CHECKLIST = [
  'A whole shingle, or at least one and a half tabs, cut from an undamaged spot',
  'Photos of the back: release-tape print, plant code and sealant pattern',
  'The measured length, height and exposure written on the bag',
  'The address and claim number',
];

function labAdvice(confidence: ResultConfidence, tied: boolean): LabAdvice {
  if (confidence === 'low') {
    return { recommended: true, reason: 'Confidence is low: a lab sample is the right next step.', whatToSend: LAB_SAMPLE_CHECKLIST };
  }
  if (tied) {
    return {
      recommended: true,
      reason: 'The top lines cannot be told apart from what was entered. Answer the questions; if they still tie, send a lab sample.',
      whatToSend: LAB_SAMPLE_CHECKLIST,
    };
  }
  return { recommended: false, reason: 'No lab sample is needed for this answer.', whatToSend: [] };
}

function summaryOf(candidates: ShingleCandidate[], tied: boolean, topGroup: string[], confidence: ResultConfidence): string {
  const top = candidates[0];
  if (!top) return 'No catalog line fits these measurements. Check them, or send a lab sample.';
  const name = `${top.manufacturer} ${top.line}`;
  if (tied) return `${topGroup.length} lines fit about equally well; ${name} is listed first. They cannot be told apart yet.`;
  return `Best fit: ${name} (${confidence} confidence).`;
}

/**
 * Ranks the catalog against what was measured and seen. Lines are ordered by fit, then by how well
 * their row is sourced (A, B, X, C), then by maker and line, so the same input and catalog always
 * give the same order on every device.
 */
export function rankShingles(catalog: CatalogEntry[], m: ShingleMeasurements): ShingleRanking {
  // Fits first (cheap), reasons in words only for the lines listed.
  const scored = catalog.map((entry) => ({ entry, fit: fitOf(entry, m) }));
  scored.sort(
    (a, b) =>
      b.fit - a.fit ||
      CONFIDENCE_ORDER[a.entry.confidence] - CONFIDENCE_ORDER[b.entry.confidence] ||
      byText(a.entry.manufacturer, b.entry.manufacturer) ||
      byText(a.entry.line, b.entry.line) ||
      byText(a.entry.id, b.entry.id),
  );
  const nothingEntered = m.lengthIn === null && m.exposureIn === null && m.heightIn === null;
  const listed = (scored[0]?.fit ?? 0) < NOTHING_FITS_BELOW ? [] : scored.filter((row) => row.fit >= MIN_LISTED_FIT);
  const topFit = listed[0]?.fit ?? 0;
  const group = listed.filter((row) => row.fit >= topFit * TIE_SHARE);
  const tied = group.length > 1;
  const candidates: ShingleCandidate[] = listed
    .slice(0, MAX_CANDIDATES)
    .map(({ entry }) => ({ entry, ...scoreEntry(entry, m) }))
    .map(({ entry, fit, reasons, figures }) => ({
      entryId: entry.id,
      manufacturer: entry.manufacturer,
      line: entry.line,
      type: entry.type,
      scope: entry.scope,
      fit,
      level: candidateLevel(fit, entry.confidence, figures),
      reasons,
      figures,
      yearsMade: entry.yearsMade,
      discontinued: entry.discontinued,
      rowConfidence: entry.confidence,
    }));
  const confidence = nothingEntered ? 'low' : resultConfidence(candidates[0], tied);
  const topGroup = group.map((row) => row.entry.id);
  return {
    candidates,
    confidence,
    tied,
    topGroup,
    questions: separatingQuestions(
      group.map((row) => row.entry),
      m,
    ),
    lab: labAdvice(confidence, tied),
    summary: summaryOf(candidates, tied, topGroup, confidence),
  };
}
