// The loss types' list and labels live in loss-type-list.ts (what a read shape needs); here is the
// classifier of free text.
import type { LossType } from './loss-type-list';

export * from './loss-type-list';

// Free text to loss type. Words are matched whole, with their plain inflections (wind, winds, windy;
// vandal, vandals, vandalism), so "windows" is not wind and "lighting" is not lightning.
const WORDS = {
  hail: /^hail(s|ed|ing|storms?|stones?)?$/,
  wind: /^wind(s|y|ier|iest|storms?)?$/,
  driven: /^driven$/,
  rain: /^rain(s|ed|ing|y|storms?)?$/,
  roof: /^roof(s|ing|tops?)?$/,
  leak: /^leak(s|ed|ing|y|age)?$/,
  water: /^water(s|ed)?$/,
  damage: /^damag(e|es|ed|ing)$/,
  pipe: /^pip(e|es|ing)$/,
  burst: /^burst(s|ing)?$/,
  flood: /^flood(s|ed|ing|water|waters)?$/,
  rising: /^ris(e|es|ing|en)$/,
  fire: /^(fire|fires|fired)$/,
  smoke: /^smok(e|es|ed|ing|y)$/,
  ice: /^(ice|iced|icy|icing)$/,
  snow: /^snow(s|ed|ing|y|storms?)?$/,
  frozen: /^(frozen|freeze|freezes|freezing|froze)$/,
  lightning: /^lightning$/,
  mold: /^(mold|molds|moldy|mould|moulds|mouldy)$/,
  power: /^power(s|ed)?$/,
  surge: /^surg(e|es|ed|ing)$/,
  electrical: /^electrical$/,
  storm: /^storm(s|y|ed|ing)?$/,
  theft: /^thefts?$/,
  vandal: /^vandal(s|ism|ize|ized|ise|ised)?$/,
  tornado: /^tornado(s|es)?$/,
  vehicle: /^vehicles?$/,
  impact: /^impact(s|ed|ing)?$/,
  collapse: /^collaps(e|es|ed|ing)$/,
} as const;

type Word = keyof typeof WORDS;

/** The words of a text, lowercased; hyphens and punctuation separate words. */
function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((word) => word.length > 0);
}

function matcher(words: string[]) {
  const has = (word: Word) => words.some((candidate) => WORDS[word].test(candidate));
  /** The words appear one after another (a phrase such as "rising water"). */
  const phrase = (...sequence: Word[]) =>
    words.some((_, start) =>
      sequence.every((word, offset) => {
        const candidate = words[start + offset];
        return candidate !== undefined && WORDS[word].test(candidate);
      }),
    );
  return { has, phrase };
}

/**
 * The loss type a free-text description names. The rules apply in this order, the first that matches wins:
 *  1. hail with wind: hail & wind          2. hail: hail
 *  3. wind-driven rain: wind               4. roof with leak: roof leak
 *  5. water damage, pipe, burst or leak, without flood: water damage (non-weather)
 *  6. flood or rising water: flood         7. wind: wind
 *  8. fire or smoke: fire / smoke          9. ice, snow or frozen: ice / snow / frozen pipes
 * 10. lightning: lightning strike         11. mold: mold
 * 12. power with surge, or electrical: power surge / electrical
 * 13. storm: storm, general               14. theft or vandal: theft / vandalism
 * 15. tornado: tornado                    16. vehicle with impact: vehicle impact
 * 17. collapse: collapse                  18. exactly "water": water
 * 19. anything else, or nothing: other.
 */
export function classifyLossType(text: string | null | undefined): LossType {
  const source = (text ?? '').trim();
  if (source === '') return 'other';
  const { has, phrase } = matcher(wordsOf(source));
  if (has('hail') && has('wind')) return 'hail_wind';
  if (has('hail')) return 'hail';
  if (phrase('wind', 'driven', 'rain')) return 'wind';
  if (has('roof') && has('leak')) return 'roof_leak';
  if ((phrase('water', 'damage') || has('pipe') || has('burst') || has('leak')) && !has('flood')) return 'water_damage_non_weather';
  if (has('flood') || phrase('rising', 'water')) return 'flood';
  if (has('wind')) return 'wind';
  if (has('fire') || has('smoke')) return 'fire_smoke';
  if (has('ice') || has('snow') || has('frozen')) return 'ice_snow_frozen_pipes';
  if (has('lightning')) return 'lightning_strike';
  if (has('mold')) return 'mold';
  if ((has('power') && has('surge')) || has('electrical')) return 'power_surge_electrical';
  if (has('storm')) return 'storm_general';
  if (has('theft') || has('vandal')) return 'theft_vandalism';
  if (has('tornado')) return 'tornado';
  if (has('vehicle') && has('impact')) return 'vehicle_impact';
  if (has('collapse')) return 'collapse';
  if (source.toLowerCase() === 'water') return 'water';
  return 'other';
}
