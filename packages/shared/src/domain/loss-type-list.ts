/** The loss types a claim can carry: stored value and the label people read. */
export const LOSS_TYPES = [
  { value: 'collapse', label: 'Collapse (e.g. ceiling, roof)' },
  { value: 'debris_impact', label: 'Debris Impact (e.g. tree or limb)' },
  { value: 'fire_smoke', label: 'Fire / Smoke' },
  { value: 'flood', label: 'Flood (external water, e.g. rising water)' },
  { value: 'hail', label: 'Hail' },
  { value: 'hail_wind', label: 'Hail & Wind' },
  { value: 'hurricane', label: 'Hurricane' },
  { value: 'ice_snow_frozen_pipes', label: 'Ice / Snow / Frozen Pipes' },
  { value: 'lightning_strike', label: 'Lightning Strike' },
  { value: 'mold', label: 'Mold (from covered source)' },
  { value: 'other', label: 'Other' },
  { value: 'power_surge_electrical', label: 'Power Surge / Electrical' },
  { value: 'roof_leak', label: 'Roof Leak' },
  { value: 'storm_general', label: 'Storm, General' },
  { value: 'theft_vandalism', label: 'Theft / Vandalism' },
  { value: 'tornado', label: 'Tornado' },
  { value: 'vehicle_impact', label: 'Vehicle Impact (e.g. car hits house)' },
  { value: 'water_damage_non_weather', label: 'Water Damage, non-weather (e.g. pipe burst, leak)' },
  { value: 'water', label: 'Water' },
  { value: 'wind', label: 'Wind' },
] as const;

export type LossType = (typeof LOSS_TYPES)[number]['value'];

/** Loss type values as a tuple, for enums. */
export const LOSS_TYPE_VALUES = LOSS_TYPES.map((type) => type.value) as unknown as readonly [LossType, ...LossType[]];

/** The label of a loss type value. */
export function lossTypeLabel(value: LossType): string {
  return LOSS_TYPES.find((type) => type.value === value)?.label ?? 'Other';
}
