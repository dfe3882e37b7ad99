import type { Structure } from '@ridgeline/shared/contracts/inspections';
import { analyseInspection, type Analysis } from '@ridgeline/shared/domain/inspection-analysis';
import { CAPTURE_PHASES, ELEVATIONS, type CapturePhase, type SlopeDirection } from '@ridgeline/shared/domain/field-capture';
import { buildShotList, testSquareLabel, type ShotListPhoto } from '@ridgeline/shared/domain/shot-list';

// What the analysis screen reads off a session: photos per roof slope and per elevation, each test
// square's hits, the required shots still missing, the damage photos, and the recommendation the
// shared rule makes of them. Counted from the shot list, so the screen and the capture screens agree.

export type SlopeFacts = {
  key: string;
  structureName: string;
  direction: SlopeDirection;
  slopePhotos: number;
  testSquarePhotos: number;
  hits: number | null;
  /** "N = 11", or "N = ?" until counted. */
  testSquare: string;
};

export type ElevationFacts = { key: string; structureName: string; label: string; photos: number };

export type MissingShot = { key: string; label: string; phase: CapturePhase; phaseLabel: string };

export type AnalysisFacts = {
  slopes: SlopeFacts[];
  elevations: ElevationFacts[];
  missing: MissingShot[];
  damagePhotos: number;
  analysis: Analysis;
};

const SLOPE = /^slope_([a-z]{1,2})$/;

/** Everything the analysis screen shows, from the session's structures, its photos (uploaded and queued, once per id) and the company's threshold. */
export function analysisFacts(structures: readonly Structure[], photos: readonly ShotListPhoto[], threshold: number): AnalysisFacts {
  const phases = buildShotList(structures, photos);
  const shots = phases.flatMap((p) => p.shots);
  const nameOf = (structureId: string | null) => structures.find((s) => s.id === structureId)?.name ?? '';

  const slopes: SlopeFacts[] = [];
  for (const shot of shots) {
    const match = shot.category === 'roof' ? SLOPE.exec(shot.subcategory) : null;
    if (!match) continue;
    const direction = (match[1] ?? '').toUpperCase() as SlopeDirection;
    const testSquare = shots.find((s) => s.structureId === shot.structureId && s.category === 'roof' && s.subcategory === `test_square_${match[1]}`);
    const hits = testSquare?.hits ?? null;
    slopes.push({
      key: shot.key,
      structureName: nameOf(shot.structureId),
      direction,
      slopePhotos: shot.count,
      testSquarePhotos: testSquare?.count ?? 0,
      hits,
      testSquare: testSquareLabel(direction, hits),
    });
  }

  const elevations: ElevationFacts[] = shots
    .filter((s) => s.category === 'elevation')
    .map((s) => ({
      key: s.key,
      structureName: nameOf(s.structureId),
      label: ELEVATIONS.find((e) => e.value === s.subcategory)?.label ?? s.subcategory,
      photos: s.count,
    }));

  const missing: MissingShot[] = shots
    .filter((s) => s.required && s.count === 0)
    .map((s) => ({ key: s.key, label: s.label, phase: s.phase, phaseLabel: CAPTURE_PHASES.find((p) => p.value === s.phase)?.label ?? s.phase }));

  const damagePhotos = new Set(photos.filter((p) => p.category === 'damage').map((p) => p.id)).size;

  const analysis = analyseInspection({
    slopes: structures
      .filter((s) => s.areas.includes('roof'))
      .flatMap((s) => s.slopes.map((slope) => ({ structureName: s.name, direction: slope.direction, testSquareHits: slope.testSquareHits }))),
    missingRequiredShots: missing.map((m) => m.label),
    damagePhotoCount: damagePhotos,
    threshold,
  });

  return { slopes, elevations, missing, damagePhotos, analysis };
}
