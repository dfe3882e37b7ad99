import {
  CAPTURE_PHASES,
  ELEVATIONS,
  PHOTO_CATEGORIES,
  slopeSubcategory,
  type CapturePhase,
  type InspectionArea,
  type PhotoCategory,
  type SlopeDirection,
} from './field-capture';

// The shot list: for each capture phase, the photos an adjuster expects of this property, each
// marked captured or missing from the photos already taken (uploaded and still queued).
// - overview: front of house and address (required), street (optional);
// - elevations: front, right, rear, left of every structure that has that side to inspect, and its
//   siding and its windows when they are chosen (required);
// - roof: per slope of every structure with its roof to inspect, the slope and its test square with
//   the hit count ("N = 11") (required); ridge, valley, penetrations, flashing (optional);
// - collateral: gutter and downspout of every structure with its gutters chosen (required; of the
//   property as a whole when only collateral is chosen), the other soft metals and objects (optional);
// - interior: ceiling stain (required when the interior is to be inspected), attic (optional);
// - detail: close-ups of each damage type (optional).
// A phase is part of the walk only when the areas chosen call for it (walkPhases): overview and detail
// always, elevations with a side, siding or windows, the roof with the roof, collateral with gutters or
// collateral, the interior with the interior. A phase left out is never "to do".
// A photo fills a shot when its category and subcategory are the shot's and, for a shot of one
// structure, it was taken of that structure (a photo with no structure counts for the first one).

/** A structure as the shot list reads it (the session's structures). */
export type ShotListStructure = {
  id: string;
  name: string;
  areas: readonly InspectionArea[];
  slopes: readonly { direction: SlopeDirection; testSquareHits: number | null }[];
};

/** A photo as the shot list reads it: uploaded or still in the upload queue. */
export type ShotListPhoto = {
  id: string;
  category: string;
  subcategory: string | null;
  phase: string | null;
  structureId: string | null;
};

export type Shot = {
  /** Stable within a session: phase, structure, category and subcategory. */
  key: string;
  label: string;
  category: PhotoCategory;
  subcategory: string;
  phase: CapturePhase;
  /** The structure the shot is of; null for the property as a whole. */
  structureId: string | null;
  required: boolean;
  /** Photos that fill this shot. */
  count: number;
  /** A test square's hail hits (null until counted); undefined for every other shot. */
  hits?: number | null;
};

export type PhaseShotList = {
  phase: CapturePhase;
  label: string;
  shots: Shot[];
  /** Required shots, and how many of them have at least one photo. */
  required: number;
  requiredCaptured: number;
  /** Every required shot has a photo (a phase with no required shot is complete). */
  complete: boolean;
  /** Photos taken in this phase, in a shot or not. */
  photoCount: number;
  /** The areas chosen call for this phase (it is part of the walk; see walkPhases). */
  chosen: boolean;
};

export type ShotListCompleteness = { required: number; requiredCaptured: number; complete: boolean; percent: number };

/** A test square's label as adjusters read it: "N = 11", or "N = ?" until the hits are counted. */
export function testSquareLabel(direction: SlopeDirection, hits: number | null | undefined): string {
  return `${direction} = ${hits ?? '?'}`;
}

function subLabel(category: PhotoCategory, subcategory: string): string {
  return PHOTO_CATEGORIES.find((c) => c.value === category)?.subcategories.find((s) => s.value === subcategory)?.label ?? subcategory;
}

function shotKey(phase: CapturePhase, structureId: string | null, category: PhotoCategory, subcategory: string): string {
  return `${phase}:${structureId ?? '-'}:${category}:${subcategory}`;
}

type ShotSpec = Omit<Shot, 'key' | 'count'>;

function spec(
  phase: CapturePhase,
  category: PhotoCategory,
  subcategory: string,
  required: boolean,
  label = subLabel(category, subcategory),
  structureId: string | null = null,
): ShotSpec {
  return { phase, category, subcategory, required, label, structureId };
}

/** The shots a phase expects of these structures, before counting photos. */
function phaseSpecs(phase: CapturePhase, structures: readonly ShotListStructure[]): ShotSpec[] {
  const has = (area: InspectionArea) => structures.some((s) => s.areas.includes(area));
  const named = (structure: ShotListStructure, label: string) => (structures.length > 1 ? `${structure.name}: ${label}` : label);
  switch (phase) {
    case 'overview':
      return [spec(phase, 'overview', 'front_of_house', true), spec(phase, 'overview', 'address', true), spec(phase, 'overview', 'street', false)];
    case 'elevations':
      return structures.flatMap((structure) => [
        ...ELEVATIONS.filter((e) => structure.areas.includes(e.value)).map((e) =>
          spec(phase, 'elevation', e.value, true, named(structure, e.label), structure.id),
        ),
        ...(['siding', 'windows'] as const)
          .filter((area) => structure.areas.includes(area))
          .map((area) => spec(phase, 'elevation', area, true, named(structure, subLabel('elevation', area)), structure.id)),
      ]);
    case 'roof':
      return structures
        .filter((s) => s.areas.includes('roof'))
        .flatMap((structure) => [
          ...structure.slopes.flatMap((slope) => [
            spec(phase, 'roof', slopeSubcategory('slope', slope.direction), true, named(structure, `Slope ${slope.direction}`), structure.id),
            {
              ...spec(
                phase,
                'roof',
                slopeSubcategory('test_square', slope.direction),
                true,
                named(structure, `Test square ${testSquareLabel(slope.direction, slope.testSquareHits)}`),
                structure.id,
              ),
              hits: slope.testSquareHits,
            },
          ]),
          ...['ridge', 'valley', 'penetrations', 'flashing'].map((sub) =>
            spec(phase, 'roof', sub, false, named(structure, subLabel('roof', sub)), structure.id),
          ),
        ]);
    case 'collateral': {
      const guttered = structures.filter((s) => s.areas.includes('gutters'));
      const gutters =
        guttered.length > 0
          ? guttered.flatMap((structure) =>
              ['gutter', 'downspout'].map((sub) => spec(phase, 'collateral', sub, true, named(structure, subLabel('collateral', sub)), structure.id)),
            )
          : ['gutter', 'downspout'].map((sub) => spec(phase, 'collateral', sub, has('collateral')));
      return [...gutters, ...['vent', 'ac_unit', 'window_screen', 'fence', 'mailbox', 'vehicle'].map((sub) => spec(phase, 'collateral', sub, false))];
    }
    case 'interior':
      return [spec(phase, 'interior', 'ceiling_stain', has('interior')), spec(phase, 'interior', 'attic', false)];
    case 'detail':
      return (PHOTO_CATEGORIES.find((c) => c.value === 'damage')?.subcategories ?? []).map((s) => spec(phase, 'damage', s.value, false));
  }
}

/** Whether `photo` fills `shot` (`defaultStructureId`: the structure a photo with none counts for). */
export function photoFillsShot(shot: Pick<Shot, 'category' | 'subcategory' | 'structureId'>, photo: ShotListPhoto, defaultStructureId: string | null): boolean {
  if (photo.category !== shot.category || photo.subcategory !== shot.subcategory) return false;
  if (shot.structureId === null) return true;
  return (photo.structureId ?? defaultStructureId) === shot.structureId;
}

/** The shot list of every phase, in walking order, with each shot's photo count. Photos are counted once per id. */
export function buildShotList(structures: readonly ShotListStructure[], photos: readonly ShotListPhoto[]): PhaseShotList[] {
  const unique = [...new Map(photos.map((p) => [p.id, p])).values()];
  const defaultStructureId = structures[0]?.id ?? null;
  return CAPTURE_PHASES.map(({ value: phase, label }) => {
    const shots: Shot[] = phaseSpecs(phase, structures).map((s) => ({
      ...s,
      key: shotKey(phase, s.structureId, s.category, s.subcategory),
      count: unique.filter((p) => photoFillsShot(s, p, defaultStructureId)).length,
    }));
    const required = shots.filter((s) => s.required);
    const requiredCaptured = required.filter((s) => s.count > 0).length;
    const photoCount = unique.filter((p) => p.phase === phase || (p.phase === null && shots.some((s) => photoFillsShot(s, p, defaultStructureId)))).length;
    return {
      phase,
      label,
      shots,
      required: required.length,
      requiredCaptured,
      complete: requiredCaptured === required.length,
      photoCount,
      chosen: phaseChosen(phase, structures),
    };
  });
}

/** Required shots captured over all phases given, and the percent (100 when nothing is required). */
export function shotListCompleteness(phases: readonly Pick<PhaseShotList, 'required' | 'requiredCaptured'>[]): ShotListCompleteness {
  const required = phases.reduce((n, p) => n + p.required, 0);
  const requiredCaptured = phases.reduce((n, p) => n + p.requiredCaptured, 0);
  return {
    required,
    requiredCaptured,
    complete: requiredCaptured === required,
    percent: required === 0 ? 100 : Math.round((requiredCaptured / required) * 100),
  };
}

const SIDE_AREAS: readonly InspectionArea[] = [...ELEVATIONS.map((e) => e.value), 'siding', 'windows'];

/** Whether the areas chosen on these structures call for the phase (overview and detail always do). */
export function phaseChosen(phase: CapturePhase, structures: readonly Pick<ShotListStructure, 'areas'>[]): boolean {
  const has = (areas: readonly InspectionArea[]) => structures.some((s) => s.areas.some((area) => areas.includes(area)));
  switch (phase) {
    case 'overview':
    case 'detail':
      return true;
    case 'elevations':
      return has(SIDE_AREAS);
    case 'roof':
      return has(['roof']);
    case 'collateral':
      return has(['gutters', 'collateral']);
    case 'interior':
      return has(['interior']);
  }
}

/** The capture phases of this inspection's walk, in walking order: those the areas chosen call for. */
export function walkPhases(structures: readonly Pick<ShotListStructure, 'areas'>[]): CapturePhase[] {
  return CAPTURE_PHASES.map((p) => p.value).filter((phase) => phaseChosen(phase, structures));
}

/**
 * The phase before and after `phase` in walking order (null at either end). With the structures, the
 * walk is this inspection's: phases no area chosen calls for are stepped over.
 */
export function adjacentPhases(
  phase: CapturePhase,
  structures?: readonly Pick<ShotListStructure, 'areas'>[],
): { previous: CapturePhase | null; next: CapturePhase | null } {
  const order = CAPTURE_PHASES.map((p) => p.value);
  const index = order.indexOf(phase);
  const inWalk = (p: CapturePhase) => !structures || phaseChosen(p, structures);
  const previous = order.slice(0, index).reverse().find(inWalk) ?? null;
  const next = order.slice(index + 1).find(inWalk) ?? null;
  return { previous, next };
}
