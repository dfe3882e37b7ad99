import { describe, expect, it } from 'vitest';
import { analyseInspection, DEFAULT_HAIL_HIT_THRESHOLD, type AnalysisInput, type AnalysisSlope } from './inspection-analysis';

const slope = (direction: string, testSquareHits: number | null, structureName = 'Main house'): AnalysisSlope => ({ structureName, direction, testSquareHits });
const input = (overrides: Partial<AnalysisInput> = {}): AnalysisInput => ({
  slopes: [slope('N', 3), slope('S', 2)],
  missingRequiredShots: [],
  damagePhotoCount: 4,
  threshold: DEFAULT_HAIL_HIT_THRESHOLD,
  ...overrides,
});

describe('analyseInspection', () => {
  it('the default threshold is 8 hits', () => {
    expect(DEFAULT_HAIL_HIT_THRESHOLD).toBe(8);
  });

  it('replace: a slope at or above the threshold, with the missing shots still listed', () => {
    const result = analyseInspection(input({ slopes: [slope('N', 9), slope('S', 2), slope('E', null)], missingRequiredShots: ['Front elevation', 'Gutters'] }));
    expect(result).toEqual({
      recommendation: 'replace',
      reasons: ['Main house N slope: test square has 9 hits, at or above the threshold of 8.', '2 required shots missing: Front elevation, Gutters.'],
    });
  });

  it('replace names every slope that reaches the threshold', () => {
    const result = analyseInspection(input({ slopes: [slope('N', 12), slope('W', 8, 'Garage'), slope('S', 1)] }));
    expect(result.recommendation).toBe('replace');
    expect(result.reasons).toEqual([
      'Main house N slope: test square has 12 hits, at or above the threshold of 8.',
      'Garage W slope: test square has 8 hits, at or above the threshold of 8.',
    ]);
  });

  it('not enough evidence: a required shot is missing', () => {
    expect(analyseInspection(input({ missingRequiredShots: ['Roof overview'] }))).toEqual({
      recommendation: 'not_enough_evidence',
      reasons: [
        '1 required shot missing: Roof overview.',
        'Main house N slope: 3 hits, below the threshold of 8.',
        'Main house S slope: 2 hits, below the threshold of 8.',
      ],
    });
  });

  it('not enough evidence: a slope has no test square recorded', () => {
    expect(analyseInspection(input({ slopes: [slope('N', 1), slope('S', null)] }))).toEqual({
      recommendation: 'not_enough_evidence',
      reasons: ['Main house S slope: no test square recorded.', 'Main house N slope: 1 hit, below the threshold of 8.'],
    });
  });

  it('not enough evidence: no roof slope at all', () => {
    expect(analyseInspection(input({ slopes: [], missingRequiredShots: ['Roof overview'] }))).toEqual({
      recommendation: 'not_enough_evidence',
      reasons: ['No test square is recorded: no roof slope was added to the inspection.', '1 required shot missing: Roof overview.'],
    });
  });

  it('not enough evidence: nothing documents damage', () => {
    expect(analyseInspection(input({ damagePhotoCount: 0 }))).toEqual({
      recommendation: 'not_enough_evidence',
      reasons: ['No damage photo was taken.', 'Main house N slope: 3 hits, below the threshold of 8.', 'Main house S slope: 2 hits, below the threshold of 8.'],
    });
  });

  it('repair: damage photos, every slope counted and below the threshold, no shot missing', () => {
    expect(analyseInspection(input({ damagePhotoCount: 1, slopes: [slope('N', 0)] }))).toEqual({
      recommendation: 'repair',
      reasons: ['1 damage photo taken.', 'Main house N slope: 0 hits, below the threshold of 8.'],
    });
  });

  it('at the default threshold: 7 hits is below, 8 and 9 reach it', () => {
    expect(analyseInspection(input({ slopes: [slope('N', 7)] })).recommendation).toBe('repair');
    expect(analyseInspection(input({ slopes: [slope('N', 8)] })).recommendation).toBe('replace');
    expect(analyseInspection(input({ slopes: [slope('N', 9)] })).recommendation).toBe('replace');
  });

  it("follows the company's own threshold", () => {
    expect(analyseInspection(input({ slopes: [slope('N', 5)], threshold: 5 })).recommendation).toBe('replace');
    expect(analyseInspection(input({ slopes: [slope('N', 5)], threshold: 6 })).recommendation).toBe('repair');
    expect(analyseInspection(input({ slopes: [slope('N', 9)], threshold: 10 })).reasons).toEqual([
      '4 damage photos taken.',
      'Main house N slope: 9 hits, below the threshold of 10.',
    ]);
    expect(analyseInspection(input({ slopes: [slope('N', 1)], threshold: 1 })).reasons).toEqual([
      'Main house N slope: test square has 1 hit, at or above the threshold of 1.',
    ]);
  });
});
