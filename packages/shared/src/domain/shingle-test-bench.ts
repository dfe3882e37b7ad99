import { EMPTY_MEASUREMENTS, rankShingles, type CatalogEntry, type ShingleMeasurements } from './shingle-id';
import { seededRandom } from './seeded-random';
import { formatInches, toSixteenth } from './shingle-length';

// The identification test bench. Its labelled set is made from the catalog itself: each line with
// a length and an exposure becomes a sample measured with simulated error (uniform within the noise,
// read to the nearest 1/16 in), with its type and cut known. No real measured samples are in it yet,
// so it measures how well the matcher separates the catalog's own figures, not field accuracy.

export const BENCH_NOISE_LEVELS = [0, 1 / 16, 1 / 8, 1 / 4] as const;
/** Samples drawn per catalog line at each noise level. */
export const BENCH_SAMPLES_PER_LINE = 5;

export const LABELLED_SET_DESCRIPTION =
  "The labeled set is the catalog's own figures with simulated measuring noise (each length, height and exposure moved at random within the noise and read to 1/16 in). No real measured samples are in it yet.";

export type BenchSample = { label: string; measurements: ShingleMeasurements };

const jitter = (value: number, noise: number, random: () => number) => toSixteenth(value + (random() * 2 - 1) * noise);

/** The labelled samples at one noise level: lines with a length and an exposure in the catalog. */
export function labelledSamples(catalog: CatalogEntry[], noise: number, perLine = BENCH_SAMPLES_PER_LINE, seed = 25): BenchSample[] {
  const random = seededRandom(seed);
  const samples: BenchSample[] = [];
  for (const entry of catalog) {
    if (!entry.length || !entry.exposure) continue;
    for (let i = 0; i < perLine; i += 1) {
      samples.push({
        label: entry.id,
        measurements: {
          ...EMPTY_MEASUREMENTS,
          lengthIn: jitter(entry.length.value, noise, random),
          exposureIn: jitter(entry.exposure.value, noise, random),
          heightIn: entry.height ? jitter(entry.height.value, noise, random) : null,
          type: entry.type ?? 'unknown',
          cut: entry.cut ?? 'unknown',
        },
      });
    }
  }
  return samples;
}

export type BenchLevelResult = {
  noise: number;
  samples: number;
  /** Share of samples whose own line was ranked first, 0 to 1. */
  top1: number;
  top3: number;
  /** Share of samples whose first candidate has the same catalog size as the true line. */
  sameSizeTop1: number;
};

export type SizeConfusion = { size: string; lines: string[]; top1: number };

export type BenchReport = { description: string; levels: BenchLevelResult[]; confusion: SizeConfusion[] };

const figureText = (figure: CatalogEntry['length']) => (figure ? formatInches(figure.value) : '?');
const sizeKey = (entry: CatalogEntry) => `${figureText(entry.length)} x ${figureText(entry.height)} in, ${figureText(entry.exposure)} in exposure`;

/** Runs the matcher over the labelled set at every noise level. */
export function runTestBench(catalog: CatalogEntry[]): BenchReport {
  const byId = new Map(catalog.map((entry) => [entry.id, entry]));
  const levels: BenchLevelResult[] = [];
  const confusionHits = new Map<string, { lines: Set<string>; hits: number; total: number }>();
  for (const noise of BENCH_NOISE_LEVELS) {
    const samples = labelledSamples(catalog, noise);
    let top1 = 0;
    let top3 = 0;
    let sameSize = 0;
    for (const sample of samples) {
      const ranking = rankShingles(catalog, sample.measurements);
      const ids = ranking.candidates.map((candidate) => candidate.entryId);
      const truth = byId.get(sample.label);
      const first = ids[0] ? byId.get(ids[0]) : undefined;
      const hit = ids[0] === sample.label;
      if (hit) top1 += 1;
      if (ids.slice(0, 3).includes(sample.label)) top3 += 1;
      if (truth && first && sizeKey(truth) === sizeKey(first)) sameSize += 1;
      if (noise === 0 && truth) {
        const key = sizeKey(truth);
        const bucket = confusionHits.get(key) ?? { lines: new Set<string>(), hits: 0, total: 0 };
        bucket.lines.add(`${truth.manufacturer} ${truth.line}`);
        bucket.total += 1;
        if (hit) bucket.hits += 1;
        confusionHits.set(key, bucket);
      }
    }
    const n = samples.length || 1;
    levels.push({ noise, samples: samples.length, top1: top1 / n, top3: top3 / n, sameSizeTop1: sameSize / n });
  }
  const confusion = [...confusionHits.entries()]
    .filter(([, bucket]) => bucket.lines.size > 1)
    .map(([size, bucket]) => ({ size, lines: [...bucket.lines].sort(), top1: bucket.hits / bucket.total }))
    .sort((a, b) => b.lines.length - a.lines.length || a.size.localeCompare(b.size));
  return { description: LABELLED_SET_DESCRIPTION, levels, confusion };
}

/** Ready-made measurements to try the analysis with, each as a rep would enter it. */
export const TRY_SAMPLES: { key: string; title: string; description: string; measurements: ShingleMeasurements }[] = [
  {
    key: 'us-three-tab',
    title: 'US 3-tab',
    description: '36 x 12 in with a 5 in exposure, three tabs',
    measurements: { ...EMPTY_MEASUREMENTS, lengthIn: 36, heightIn: 12, exposureIn: 5, type: 'three_tab', cut: 'three_tabs' },
  },
  {
    key: 'metric-laminate',
    title: 'Metric laminate',
    description: '39-3/8 x 13-1/4 in with a 5-5/8 in exposure, laminated',
    measurements: { ...EMPTY_MEASUREMENTS, lengthIn: 39.375, heightIn: 13.25, exposureIn: 5.625, type: 'laminated', cut: 'random_tabs' },
  },
  {
    key: 'iko-size',
    title: 'IKO size',
    description: '40-7/8 x 13-3/4 in with a 5-7/8 in exposure, laminated',
    measurements: { ...EMPTY_MEASUREMENTS, lengthIn: 40.875, heightIn: 13.75, exposureIn: 5.875, type: 'laminated', cut: 'random_tabs' },
  },
  {
    key: 'designer-shake',
    title: 'Designer shake',
    description: '37-3/8 x 18-1/2 in with a 5-1/2 in exposure, shake look',
    measurements: { ...EMPTY_MEASUREMENTS, lengthIn: 37.375, heightIn: 18.5, exposureIn: 5.5, type: 'designer', cut: 'shake_look' },
  },
  {
    key: 'impossible',
    title: 'An impossible size',
    description: '25 x 20 in with an 11 in exposure: no shingle is made like this',
    measurements: { ...EMPTY_MEASUREMENTS, lengthIn: 25, heightIn: 20, exposureIn: 11, type: 'unknown', cut: 'unknown' },
  },
];
