import { z } from 'zod';
import { structureSchema, type Structure } from '@ridgeline/shared/contracts/inspections';
import {
  INSPECTION_AREA_VALUES,
  SLOPE_DIRECTIONS,
  STRUCTURE_KIND_VALUES,
  type InspectionArea,
  type SlopeDirection,
} from '@ridgeline/shared/domain/field-capture';

// The areas step's form on the one form path: per structure a yes/no for each area to inspect, and
// per roof slope direction a yes/no with the hail hits counted in its 10 ft x 10 ft test square.
// It becomes the contract's structures (areas in the vocabulary's order, slopes N to NW).

const HITS_MESSAGE = 'Enter the hits counted, 0 to 999, or leave it empty until counted.';

const slopeRow = z.object({
  on: z.boolean(),
  hits: z.string().refine((value) => value.trim() === '' || (/^\d{1,3}$/.test(value.trim()) && Number(value) <= 999), HITS_MESSAGE),
});

const areaFlags = z.object(Object.fromEntries(INSPECTION_AREA_VALUES.map((area) => [area, z.boolean()])) as Record<InspectionArea, z.ZodBoolean>);
const slopeRows = z.object(Object.fromEntries(SLOPE_DIRECTIONS.map((direction) => [direction, slopeRow])) as Record<SlopeDirection, typeof slopeRow>);

const structureRow = z
  .object({ id: z.string(), name: z.string(), kind: z.enum(STRUCTURE_KIND_VALUES), areas: areaFlags, slopes: slopeRows })
  .transform((row): Structure => ({
    id: row.id,
    name: row.name,
    kind: row.kind,
    areas: INSPECTION_AREA_VALUES.filter((area) => row.areas[area]),
    slopes: SLOPE_DIRECTIONS.filter((direction) => row.slopes[direction].on).map((direction) => {
      const hits = row.slopes[direction].hits.trim();
      return { direction, testSquareHits: hits === '' ? null : Number(hits) };
    }),
  }))
  .pipe(structureSchema);

export const areasFormSchema = z.object({ structures: z.array(structureRow) });
export type AreasFormInput = z.input<typeof areasFormSchema>;

/** The form's values from the session's structures. */
export function areasFromStructures(structures: Structure[]): AreasFormInput {
  return {
    structures: structures.map((s) => ({
      id: s.id,
      name: s.name,
      kind: s.kind,
      areas: Object.fromEntries(INSPECTION_AREA_VALUES.map((area) => [area, s.areas.includes(area)])) as Record<InspectionArea, boolean>,
      slopes: Object.fromEntries(
        SLOPE_DIRECTIONS.map((direction) => {
          const slope = s.slopes.find((x) => x.direction === direction);
          return [direction, { on: Boolean(slope), hits: slope?.testSquareHits === null || slope === undefined ? '' : String(slope.testSquareHits) }];
        }),
      ) as Record<SlopeDirection, { on: boolean; hits: string }>,
    })),
  };
}
