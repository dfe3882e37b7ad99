// The vocabulary of field capture: the sides of a building, roof slope directions, what can be
// inspected on a structure, the capture phases in walking order, and the photo taxonomy adjusters
// read (category and subcategory). Values are stable keys (stored, in URLs and in storage paths);
// labels are what people read.

/** The sides of a building, always in this order: front, right, rear, left. */
export const ELEVATIONS = [
  { value: 'front', label: 'Front' },
  { value: 'right', label: 'Right' },
  { value: 'rear', label: 'Rear' },
  { value: 'left', label: 'Left' },
] as const;
export type Elevation = (typeof ELEVATIONS)[number]['value'];
export const ELEVATION_VALUES = ELEVATIONS.map((e) => e.value) as unknown as readonly [Elevation, ...Elevation[]];

/** Roof slope (facet) directions. */
export const SLOPE_DIRECTIONS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;
export type SlopeDirection = (typeof SLOPE_DIRECTIONS)[number];

/** The kinds of structure on a property. */
export const STRUCTURE_KINDS = [
  { value: 'main_house', label: 'Main house' },
  { value: 'detached_garage', label: 'Detached garage' },
  { value: 'shed', label: 'Shed' },
  { value: 'fence', label: 'Fence' },
  { value: 'other', label: 'Other structure' },
] as const;
export type StructureKind = (typeof STRUCTURE_KINDS)[number]['value'];
export const STRUCTURE_KIND_VALUES = STRUCTURE_KINDS.map((k) => k.value) as unknown as readonly [StructureKind, ...StructureKind[]];

/** What can be inspected on a structure. */
export const INSPECTION_AREAS = [
  { value: 'roof', label: 'Roof' },
  { value: 'front', label: 'Front elevation' },
  { value: 'right', label: 'Right elevation' },
  { value: 'rear', label: 'Rear elevation' },
  { value: 'left', label: 'Left elevation' },
  { value: 'gutters', label: 'Gutters' },
  { value: 'windows', label: 'Windows' },
  { value: 'siding', label: 'Siding' },
  { value: 'interior', label: 'Interior' },
  { value: 'collateral', label: 'Collateral' },
] as const;
export type InspectionArea = (typeof INSPECTION_AREAS)[number]['value'];
export const INSPECTION_AREA_VALUES = INSPECTION_AREAS.map((a) => a.value) as unknown as readonly [InspectionArea, ...InspectionArea[]];

/** The capture phases in walking order; each is a `:phase` route of a session. */
export const CAPTURE_PHASES = [
  { value: 'overview', label: 'Overview' },
  { value: 'elevations', label: 'Elevations' },
  { value: 'roof', label: 'Roof' },
  { value: 'collateral', label: 'Collateral' },
  { value: 'interior', label: 'Interior' },
  { value: 'detail', label: 'Detail' },
] as const;
export type CapturePhase = (typeof CAPTURE_PHASES)[number]['value'];
export const CAPTURE_PHASE_VALUES = CAPTURE_PHASES.map((p) => p.value) as unknown as readonly [CapturePhase, ...CapturePhase[]];

/**
 * Photo categories and their fixed subcategories, in the order adjusters read them. Roof slopes and
 * test squares carry their direction: `slope_n`, `test_square_ne` (see `slopeSubcategory`).
 */
export const PHOTO_CATEGORIES = [
  {
    value: 'overview',
    label: 'Overview',
    subcategories: [
      { value: 'front_of_house', label: 'Front of house' },
      { value: 'address', label: 'Address' },
      { value: 'street', label: 'Street' },
    ],
  },
  {
    value: 'elevation',
    label: 'Elevation',
    subcategories: [
      ...ELEVATIONS.map((e) => ({ value: e.value, label: e.label })),
      { value: 'siding', label: 'Siding' },
      { value: 'windows', label: 'Windows' },
    ],
  },
  {
    value: 'roof',
    label: 'Roof',
    subcategories: [
      { value: 'ridge', label: 'Ridge' },
      { value: 'valley', label: 'Valley' },
      { value: 'penetrations', label: 'Penetrations' },
      { value: 'flashing', label: 'Flashing' },
    ],
  },
  {
    value: 'damage',
    label: 'Damage',
    subcategories: [
      { value: 'hail', label: 'Hail' },
      { value: 'wind_crease', label: 'Wind crease' },
      { value: 'missing_shingle', label: 'Missing shingle' },
      { value: 'granule_loss', label: 'Granule loss' },
      { value: 'puncture', label: 'Puncture' },
    ],
  },
  {
    value: 'collateral',
    label: 'Collateral',
    subcategories: [
      { value: 'gutter', label: 'Gutter' },
      { value: 'downspout', label: 'Downspout' },
      { value: 'vent', label: 'Vent' },
      { value: 'ac_unit', label: 'AC unit' },
      { value: 'window_screen', label: 'Window screen' },
      { value: 'fence', label: 'Fence' },
      { value: 'mailbox', label: 'Mailbox' },
      { value: 'vehicle', label: 'Vehicle' },
    ],
  },
  {
    value: 'interior',
    label: 'Interior',
    subcategories: [
      { value: 'ceiling_stain', label: 'Ceiling stain' },
      { value: 'attic', label: 'Attic' },
    ],
  },
  { value: 'other', label: 'Other', subcategories: [{ value: 'general', label: 'General' }] },
] as const;
export type PhotoCategory = (typeof PHOTO_CATEGORIES)[number]['value'];
export const PHOTO_CATEGORY_VALUES = PHOTO_CATEGORIES.map((c) => c.value) as unknown as readonly [PhotoCategory, ...PhotoCategory[]];

/** What kind of shot a photo is. */
export const PHOTO_TYPES = [
  { value: 'wide', label: 'Wide' },
  { value: 'close_up', label: 'Close-up' },
  { value: 'measurement', label: 'Measurement' },
  { value: 'document', label: 'Document' },
] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number]['value'];
export const PHOTO_TYPE_VALUES = PHOTO_TYPES.map((t) => t.value) as unknown as readonly [PhotoType, ...PhotoType[]];

/** A subcategory is a short lowercase key: safe in a storage path and a URL. */
export const SUBCATEGORY_PATTERN = /^[a-z0-9_]{1,40}$/;

/** The subcategory of a roof slope photo (`slope_n`) or its test square (`test_square_n`). */
export function slopeSubcategory(kind: 'slope' | 'test_square', direction: SlopeDirection): string {
  return `${kind}_${direction.toLowerCase()}`;
}

/** The label of a category's subcategory, including slope and test-square keys ("Slope NE", "Test square N"). */
export function subcategoryLabel(category: string, subcategory: string | null | undefined): string {
  if (!subcategory) return '';
  const slope = /^(slope|test_square)_([a-z]{1,2})$/.exec(subcategory);
  if (slope) return `${slope[1] === 'slope' ? 'Slope' : 'Test square'} ${(slope[2] ?? '').toUpperCase()}`;
  const found = PHOTO_CATEGORIES.find((c) => c.value === category)?.subcategories.find((s) => s.value === subcategory);
  return found?.label ?? subcategory.replace(/_/g, ' ');
}

/** The label of a category key. */
export function categoryLabel(category: string): string {
  return PHOTO_CATEGORIES.find((c) => c.value === category)?.label ?? category;
}

/** The shot a photo's tags name, as the rep reads it: "Front of house", "Slope N", or the category ("Damage"). */
export function photoShotLabel(photo: { category: string; subcategory: string | null | undefined }): string {
  return subcategoryLabel(photo.category, photo.subcategory) || categoryLabel(photo.category);
}

/**
 * One photo fills one shot of an inspection: the same file picked again for another shot is refused
 * with these words (on the phone when it is picked, by the server when it arrives).
 */
export function photoAlreadyUsedMessage(shotLabel: string): string {
  return `This photo is already used for ${shotLabel}.`;
}

/** Deleted photos stay restorable for this many days, then a job purges their rows and files. */
export const PHOTO_RESTORE_DAYS = 30;
