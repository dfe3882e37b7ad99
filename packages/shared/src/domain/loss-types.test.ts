import { describe, expect, it } from 'vitest';
import { classifyLossType, LOSS_TYPES, lossTypeLabel } from './loss-types';

describe('loss types', () => {
  it('lists the twenty types with their labels', () => {
    expect(LOSS_TYPES).toHaveLength(20);
    expect(lossTypeLabel('hail_wind')).toBe('Hail & Wind');
    expect(lossTypeLabel('water_damage_non_weather')).toBe('Water Damage, non-weather (e.g. pipe burst, leak)');
    expect(lossTypeLabel('storm_general')).toBe('Storm, General');
  });
});

describe('classifyLossType: each rule', () => {
  it.each([
    ['1 hail with wind', 'Hail and high winds hit the north slope', 'hail_wind'],
    ['2 hail', 'Golf-ball hail last Tuesday', 'hail'],
    ['3 wind-driven rain', 'Wind-driven rain came in under the flashing', 'wind'],
    ['4 roof leak', 'Roof leak over the kitchen', 'roof_leak'],
    ['5 water damage', 'Water damage in the basement', 'water_damage_non_weather'],
    ['5 pipe', 'Pipe under the sink', 'water_damage_non_weather'],
    ['5 burst', 'Something burst in the attic', 'water_damage_non_weather'],
    ['5 leak', 'Slow leak behind the washer', 'water_damage_non_weather'],
    ['6 flood', 'Flood after the creek overflowed', 'flood'],
    ['6 rising water', 'Rising water reached the garage', 'flood'],
    ['7 wind', 'Shingles torn off by wind', 'wind'],
    ['8 fire', 'Kitchen fire', 'fire_smoke'],
    ['8 smoke', 'Smoke stains on every ceiling', 'fire_smoke'],
    ['9 ice', 'Ice dam along the eaves', 'ice_snow_frozen_pipes'],
    ['9 snow', 'Snow load on the porch roof', 'ice_snow_frozen_pipes'],
    ['9 frozen', 'Frozen line in the crawlspace', 'ice_snow_frozen_pipes'],
    ['10 lightning', 'Lightning hit the chimney', 'lightning_strike'],
    ['11 mold', 'Mold in the attic', 'mold'],
    ['12 power with surge', 'Power surge fried the HVAC', 'power_surge_electrical'],
    ['12 electrical', 'Electrical short in the panel', 'power_surge_electrical'],
    ['13 storm', 'Storm last night', 'storm_general'],
    ['14 theft', 'Theft of copper gutters', 'theft_vandalism'],
    ['14 vandal', 'Vandals broke the skylight', 'theft_vandalism'],
    ['15 tornado', 'Tornado touched down nearby', 'tornado'],
    ['16 vehicle with impact', 'Vehicle impact on the garage corner', 'vehicle_impact'],
    ['17 collapse', 'Ceiling collapse in the den', 'collapse'],
    ['18 exactly water', 'water', 'water'],
    ['19 anything else', 'Tree branch on the fence', 'other'],
    ['19 empty', '', 'other'],
  ] as const)('rule %s', (_rule, text, expected) => {
    expect(classifyLossType(text)).toBe(expected);
  });

  it('classifies nothing at all as other', () => {
    expect(classifyLossType(null)).toBe('other');
    expect(classifyLossType(undefined)).toBe('other');
    expect(classifyLossType('   ')).toBe('other');
  });
});

describe('classifyLossType: the order', () => {
  it.each([
    ['hail with wind beats hail', 'hail storm with wind', 'hail_wind'],
    ['hail beats storm', 'hail storm', 'hail'],
    ['wind-driven rain beats roof leak', 'wind-driven rain caused a roof leak', 'wind'],
    ['roof leak beats water damage', 'roof leak and water damage to drywall', 'roof_leak'],
    ['flood cancels the water damage rule', 'pipe burst during the flood', 'flood'],
    ['water damage beats wind', 'burst pipe on a windy night', 'water_damage_non_weather'],
    ['flood beats wind', 'wind and flood', 'flood'],
    ['wind beats fire', 'wind spread the fire', 'wind'],
    ['fire beats ice', 'fire from an ice melt heater', 'fire_smoke'],
    ['ice beats lightning', 'lightning and ice', 'ice_snow_frozen_pipes'],
    ['lightning beats electrical', 'lightning caused an electrical fault', 'lightning_strike'],
    ['mold beats storm', 'mold after the storm', 'mold'],
    ['electrical beats storm', 'storm knocked out electrical service', 'power_surge_electrical'],
    ['storm beats tornado', 'tornado storm', 'storm_general'],
    ['vandalism beats vehicle impact', 'vandals with a vehicle impact', 'theft_vandalism'],
    ['tornado beats collapse', 'tornado collapse', 'tornado'],
    ['vehicle impact beats collapse', 'vehicle impact caused a collapse', 'vehicle_impact'],
  ] as const)('%s', (_name, text, expected) => {
    expect(classifyLossType(text)).toBe(expected);
  });
});

describe('classifyLossType: whole words and plain inflections', () => {
  it.each([
    ['wind', 'wind'],
    ['winds', 'wind'],
    ['windy', 'wind'],
    ['windows', 'other'],
    ['windowsill cracked', 'other'],
    ['vandal', 'theft_vandalism'],
    ['vandals', 'theft_vandalism'],
    ['vandalism', 'theft_vandalism'],
    ['vandalized', 'theft_vandalism'],
    ['hailed', 'hail'],
    ['hailstorm', 'hail'],
    ['Shellfish stall', 'other'],
    ['flooding', 'flood'],
    ['flooded', 'flood'],
    ['leaking', 'water_damage_non_weather'],
    ['pipes', 'water_damage_non_weather'],
    ['pipeline survey', 'other'],
    ['smoky', 'fire_smoke'],
    ['firefly', 'other'],
    ['icy', 'ice_snow_frozen_pipes'],
    ['police report', 'other'],
    ['lighting fixture', 'other'],
    ['molding trim', 'other'],
    ['stormy', 'storm_general'],
    ['tornadoes', 'tornado'],
    ['waterproof membrane', 'other'],
    ['WATER', 'water'],
    ['  Water  ', 'water'],
    ['water heater', 'other'],
    ['collapsed', 'collapse'],
  ] as const)('%s -> %s', (text, expected) => {
    expect(classifyLossType(text)).toBe(expected);
  });

  it('needs both words of a "with" rule', () => {
    expect(classifyLossType('power outage')).toBe('other');
    expect(classifyLossType('surge protector')).toBe('other');
    expect(classifyLossType('vehicle in the driveway')).toBe('other');
    expect(classifyLossType('impact-resistant shingles')).toBe('other');
  });
});
