import { describe, expect, it } from 'vitest';
import { SEED_CATALOG } from './shingle-catalog';
import { EMPTY_MEASUREMENTS, candidateLevel, rankShingles, resultConfidence, type ShingleCandidate } from './shingle-id';
import { formatInches, parseLength } from './shingle-length';
import { TRY_SAMPLES, runTestBench } from './shingle-test-bench';

const inches = (text: string) => {
  const parsed = parseLength(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.inches;
};

describe('parseLength', () => {
  it('reads every way a roofer writes 5-5/8 in', () => {
    for (const text of ['5 5/8', '5-5/8', '5.625', '143 mm', '5 5/8"', '5-5/8 in', '14.3 cm', ' 5 - 5/8 ']) expect(inches(text)).toBe(5.625);
  });
  it('rounds to the nearest 1/16 in', () => {
    expect(inches('1000 mm')).toBe(39.375);
    expect(inches('39.4')).toBe(39.375);
    expect(inches('3/8')).toBe(0.375);
    expect(inches('36')).toBe(36);
  });
  it('refuses what is not a length', () => {
    for (const text of ['', 'abc', '5 9/8', '5/0', '-3', '5 5/8 mm', '0']) expect(parseLength(text).ok).toBe(false);
  });
  it('writes inches back with reduced fractions', () => {
    expect(formatInches(39.375)).toBe('39-3/8');
    expect(formatInches(13.25)).toBe('13-1/4');
    expect(formatInches(5)).toBe('5');
    expect(formatInches(0.0625)).toBe('1/16');
  });
});

describe('the seed catalog', () => {
  it('keeps each figure verified only when a document confirmed it', () => {
    const capstone = SEED_CATALOG.find((entry) => entry.id === 'elk-capstone');
    expect(capstone?.length).toEqual({ value: 39.5, verified: true });
    const hdz = SEED_CATALOG.find((entry) => entry.id === 'gaf-timberline-hdz');
    expect(hdz?.length).toEqual({ value: 39.375, verified: false });
    const crowne = SEED_CATALOG.find((entry) => entry.id === 'iko-crowne-slate');
    expect(crowne?.exposure?.verified).toBe(false);
    expect(new Set(SEED_CATALOG.map((entry) => entry.id)).size).toBe(SEED_CATALOG.length);
    expect(SEED_CATALOG.length).toBeGreaterThan(90);
  });
});

describe('rankShingles', () => {
  it('puts an IKO line first for the IKO size, with the verified figures it matched', () => {
    const ranking = rankShingles(SEED_CATALOG, { ...EMPTY_MEASUREMENTS, lengthIn: 40.875, heightIn: 13.75, exposureIn: 5.875 });
    expect(ranking.candidates[0]?.manufacturer).toBe('IKO');
    expect(ranking.candidates[0]?.fit).toBe(100);
    expect(ranking.tied).toBe(true);
    expect(ranking.candidates[0]?.reasons[0]?.text).toBe("Length 40-7/8 in matches the catalog's 40-7/8 in (verified)");
  });
  it('says the metric laminates cannot be told apart, asks what separates them and re-ranks on the answer', () => {
    const measured = { ...EMPTY_MEASUREMENTS, lengthIn: 39.375, exposureIn: 5.625, type: 'laminated' as const };
    const ranking = rankShingles(SEED_CATALOG, measured);
    expect(ranking.tied).toBe(true);
    expect(ranking.topGroup.length).toBeGreaterThan(5);
    expect(ranking.lab.recommended).toBe(true);
    const keys = ranking.questions.map((question) => question.key);
    expect(keys).toContain('nailZone');
    expect(keys).toContain('tapeText');
    const answered = rankShingles(SEED_CATALOG, { ...measured, nailZone: 'fabric_strip' });
    expect(answered.candidates[0]?.entryId).toBe('oc-trudefinition-duration');
    expect(answered.topGroup).toEqual(['oc-trudefinition-duration', 'oc-oakridge']);
    expect(answered.questions.map((question) => question.key)).not.toContain('nailZone');
  });
  it('counts within 1/16 in as a match and falls off beyond', () => {
    const near = rankShingles(SEED_CATALOG, { ...EMPTY_MEASUREMENTS, lengthIn: 38.8125, exposureIn: 5.625 });
    expect(near.candidates[0]?.entryId.startsWith('ct-landmark')).toBe(true);
    expect(near.candidates[0]?.reasons[0]?.text).toContain('within 1/16 in of');
  });
  it('finds nothing for an impossible size and advises a lab sample', () => {
    const ranking = rankShingles(SEED_CATALOG, { ...EMPTY_MEASUREMENTS, lengthIn: 25, heightIn: 20, exposureIn: 11 });
    expect(ranking.candidates).toEqual([]);
    expect(ranking.tied).toBe(false);
    expect(ranking.confidence).toBe('low');
    expect(ranking.lab.recommended).toBe(true);
    expect(ranking.lab.whatToSend.length).toBeGreaterThan(0);
  });
  it('gives the same answer for the same input every time', () => {
    const input = TRY_SAMPLES[1]?.measurements ?? EMPTY_MEASUREMENTS;
    expect(JSON.stringify(rankShingles(SEED_CATALOG, input))).toBe(JSON.stringify(rankShingles([...SEED_CATALOG].reverse(), input)));
  });
});

describe('the confidence rule', () => {
  const figure = (verified: boolean) => [{ label: 'Length' as const, value: 36, verified }];
  it('is strong only on a verified A/B row fitting at 80 or more', () => {
    expect(candidateLevel(100, 'A', figure(true))).toBe('strong');
    expect(candidateLevel(100, 'C', figure(true))).toBe('likely');
    expect(candidateLevel(100, 'A', figure(false))).toBe('likely');
    expect(candidateLevel(100, 'A', [])).toBe('likely');
    expect(candidateLevel(50, 'A', figure(true))).toBe('weak');
  });
  it('is high only for a strong top candidate standing alone', () => {
    const top = { level: 'strong', fit: 100 } as ShingleCandidate;
    expect(resultConfidence(top, false)).toBe('high');
    expect(resultConfidence(top, true)).toBe('medium');
    expect(resultConfidence({ ...top, level: 'weak', fit: 40 }, false)).toBe('low');
    expect(resultConfidence(undefined, false)).toBe('low');
  });
});

describe('the test bench', () => {
  it('reports accuracy falling as noise grows', () => {
    const report = runTestBench(SEED_CATALOG);
    expect(report.levels).toHaveLength(4);
    const [exact, , , quarter] = report.levels;
    expect(exact?.top3).toBeGreaterThanOrEqual(quarter?.top3 ?? 1);
    expect(exact?.sameSizeTop1).toBe(1);
    expect(report.confusion.length).toBeGreaterThan(0);
  });
});
