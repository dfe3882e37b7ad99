import { describe, expect, it } from 'vitest';
import { adjacentPhases, buildShotList, shotListCompleteness, testSquareLabel, walkPhases, type ShotListPhoto, type ShotListStructure } from './shot-list';

const house: ShotListStructure = {
  id: 'house',
  name: 'Main house',
  areas: ['roof', 'front', 'right', 'rear', 'left', 'gutters'],
  slopes: [
    { direction: 'N', testSquareHits: 11 },
    { direction: 'S', testSquareHits: null },
  ],
};
const garage: ShotListStructure = { id: 'garage', name: 'Detached garage', areas: ['front', 'roof'], slopes: [{ direction: 'E', testSquareHits: 3 }] };

let n = 0;
const photo = (category: string, subcategory: string | null, extra: Partial<ShotListPhoto> = {}): ShotListPhoto => ({
  id: `p${++n}`,
  category,
  subcategory,
  phase: null,
  structureId: null,
  ...extra,
});

const phaseOf = (lists: ReturnType<typeof buildShotList>, phase: string) => {
  const found = lists.find((l) => l.phase === phase);
  if (!found) throw new Error(`no phase ${phase}`);
  return found;
};

describe('shot list', () => {
  it('lists every phase in walking order', () => {
    expect(buildShotList([house], []).map((l) => l.phase)).toEqual(['overview', 'elevations', 'roof', 'collateral', 'interior', 'detail']);
  });

  it('overview: front of house and address required, street optional', () => {
    const overview = phaseOf(buildShotList([house], []), 'overview');
    expect(overview.shots.map((s) => [s.subcategory, s.label, s.required])).toEqual([
      ['front_of_house', 'Front of house', true],
      ['address', 'Address', true],
      ['street', 'Street', false],
    ]);
  });

  it('elevations: the four sides in order for each structure with them, named per structure when there are several', () => {
    const one = phaseOf(buildShotList([house], []), 'elevations');
    expect(one.shots.map((s) => s.label)).toEqual(['Front', 'Right', 'Rear', 'Left']);
    expect(one.shots.every((s) => s.required && s.structureId === 'house' && s.category === 'elevation')).toBe(true);

    const two = phaseOf(buildShotList([house, garage], []), 'elevations');
    expect(two.shots.map((s) => s.label)).toEqual(['Main house: Front', 'Main house: Right', 'Main house: Rear', 'Main house: Left', 'Detached garage: Front']);
  });

  it('roof: each slope and its test square labelled with the hit count, then the optional ridge, valley, penetrations, flashing', () => {
    const roof = phaseOf(buildShotList([house], []), 'roof');
    expect(roof.shots.map((s) => [s.subcategory, s.label, s.required])).toEqual([
      ['slope_n', 'Slope N', true],
      ['test_square_n', 'Test square N = 11', true],
      ['slope_s', 'Slope S', true],
      ['test_square_s', 'Test square S = ?', true],
      ['ridge', 'Ridge', false],
      ['valley', 'Valley', false],
      ['penetrations', 'Penetrations', false],
      ['flashing', 'Flashing', false],
    ]);
    expect(roof.shots.find((s) => s.subcategory === 'test_square_n')?.hits).toBe(11);
    expect(roof.shots.find((s) => s.subcategory === 'slope_n')?.hits).toBeUndefined();
    expect(testSquareLabel('NE', 0)).toBe('NE = 0');
  });

  it('roof: nothing when no structure has its roof to inspect', () => {
    const roof = phaseOf(buildShotList([{ ...house, areas: ['front'] }], []), 'roof');
    expect(roof.shots).toEqual([]);
    expect(roof.complete).toBe(true);
  });

  it('collateral: gutter and downspout required only when gutters or collateral are chosen', () => {
    const withGutters = phaseOf(buildShotList([house], []), 'collateral');
    expect(withGutters.shots.filter((s) => s.required).map((s) => s.subcategory)).toEqual(['gutter', 'downspout']);
    expect(withGutters.shots.map((s) => s.subcategory)).toEqual(['gutter', 'downspout', 'vent', 'ac_unit', 'window_screen', 'fence', 'mailbox', 'vehicle']);
    const without = phaseOf(buildShotList([{ ...house, areas: ['roof'] }], []), 'collateral');
    expect(without.required).toBe(0);
    const collateralChosen = phaseOf(buildShotList([{ ...house, areas: ['collateral'] }], []), 'collateral');
    expect(collateralChosen.required).toBe(2);
  });

  it('interior: ceiling stain required when the interior is chosen, attic optional; detail: damage types optional', () => {
    const lists = buildShotList([{ ...house, areas: ['interior'] }], []);
    expect(phaseOf(lists, 'interior').shots.map((s) => [s.subcategory, s.required])).toEqual([
      ['ceiling_stain', true],
      ['attic', false],
    ]);
    expect(phaseOf(buildShotList([house], []), 'interior').required).toBe(0);
    const detail = phaseOf(lists, 'detail');
    expect(detail.shots.map((s) => s.subcategory)).toEqual(['hail', 'wind_crease', 'missing_shingle', 'granule_loss', 'puncture']);
    expect(detail.shots.every((s) => !s.required && s.category === 'damage')).toBe(true);
  });

  it('counts photos per shot by category, subcategory and structure; a photo with no structure counts for the first', () => {
    const photos = [
      photo('elevation', 'front', { structureId: 'garage', phase: 'elevations' }),
      photo('elevation', 'front', { phase: 'elevations' }),
      photo('elevation', 'front', { structureId: 'house', phase: 'elevations' }),
      photo('roof', 'test_square_e', { structureId: 'garage', phase: 'roof' }),
      photo('roof', 'slope_n', { structureId: 'garage', phase: 'roof' }), // the garage has no N slope
    ];
    const lists = buildShotList([house, garage], photos);
    const elevations = phaseOf(lists, 'elevations');
    expect(elevations.shots.find((s) => s.key === 'elevations:house:elevation:front')?.count).toBe(2);
    expect(elevations.shots.find((s) => s.key === 'elevations:garage:elevation:front')?.count).toBe(1);
    expect(elevations.photoCount).toBe(3);
    const roof = phaseOf(lists, 'roof');
    expect(roof.shots.find((s) => s.key === 'roof:garage:roof:test_square_e')?.count).toBe(1);
    expect(roof.shots.find((s) => s.key === 'roof:house:roof:slope_n')?.count).toBe(0);
    expect(roof.photoCount).toBe(2);
  });

  it('counts a photo once even when it is both uploaded and still in the queue (same id)', () => {
    const one = photo('overview', 'address', { phase: 'overview' });
    const overview = phaseOf(buildShotList([house], [one, { ...one }]), 'overview');
    expect(overview.shots.find((s) => s.subcategory === 'address')?.count).toBe(1);
    expect(overview.photoCount).toBe(1);
  });

  it('completeness per phase and overall', () => {
    const photos = [photo('overview', 'front_of_house'), photo('overview', 'address'), photo('elevation', 'front'), photo('roof', 'slope_n')];
    const lists = buildShotList([house], photos);
    const overview = phaseOf(lists, 'overview');
    expect([overview.required, overview.requiredCaptured, overview.complete]).toEqual([2, 2, true]);
    const elevations = phaseOf(lists, 'elevations');
    expect([elevations.required, elevations.requiredCaptured, elevations.complete]).toEqual([4, 1, false]);
    // overview 2 + elevations 4 + roof 4 + collateral 2 = 12 required; 4 captured.
    expect(shotListCompleteness(lists)).toEqual({ required: 12, requiredCaptured: 4, complete: false, percent: 33 });
    expect(shotListCompleteness([])).toEqual({ required: 0, requiredCaptured: 0, complete: true, percent: 100 });
  });

  it('the phase before and after in walking order', () => {
    expect(adjacentPhases('overview')).toEqual({ previous: null, next: 'elevations' });
    expect(adjacentPhases('roof')).toEqual({ previous: 'elevations', next: 'collateral' });
    expect(adjacentPhases('detail')).toEqual({ previous: 'interior', next: null });
  });

  it('issue 36: gutters and siding chosen give their own shots; a phase no area calls for is not part of the walk', () => {
    const walked: ShotListStructure = {
      id: 'house',
      name: 'Main house',
      areas: ['roof', 'front', 'gutters', 'siding', 'windows'],
      slopes: [{ direction: 'N', testSquareHits: 4 }],
    };
    const shed: ShotListStructure = { id: 'shed', name: 'Shed', areas: ['gutters'], slopes: [] };
    const lists = buildShotList([walked, shed], []);
    expect(phaseOf(lists, 'elevations').shots.map((s) => [s.label, s.subcategory, s.required])).toEqual([
      ['Main house: Front', 'front', true],
      ['Main house: Siding', 'siding', true],
      ['Main house: Windows', 'windows', true],
    ]);
    expect(
      phaseOf(lists, 'collateral')
        .shots.filter((s) => s.required)
        .map((s) => s.label),
    ).toEqual(['Main house: Gutter', 'Main house: Downspout', 'Shed: Gutter', 'Shed: Downspout']);
    expect(lists.map((l) => [l.phase, l.chosen])).toEqual([
      ['overview', true],
      ['elevations', true],
      ['roof', true],
      ['collateral', true],
      ['interior', false],
      ['detail', true],
    ]);
    expect(walkPhases([walked])).toEqual(['overview', 'elevations', 'roof', 'collateral', 'detail']);
    expect(walkPhases([{ ...walked, areas: ['roof'] }])).toEqual(['overview', 'roof', 'detail']);
    // The walk steps over the phases not chosen.
    expect(adjacentPhases('collateral', [walked])).toEqual({ previous: 'roof', next: 'detail' });
    expect(adjacentPhases('overview', [{ ...walked, areas: ['roof'] }])).toEqual({ previous: null, next: 'roof' });
  });
});
