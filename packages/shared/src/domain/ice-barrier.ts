import { CONFIDENCE_LABELS, DEFAULT_CODE_EDITION, type CodeEdition } from './assistant';

// Where an estimate charges ice and water barrier, per company.
//
// The rule (IRC R905.1.2, commonly reported for the 2015 to 2024 editions): an ice barrier is
// required only where the jurisdiction records a history of ice forming at the eaves (its Table
// R301.2(1) says so). Where it is, it runs from the lowest edge of the roof to at least 24 in inside
// the exterior wall line; the 2015 to 2021 editions add at least 36 in up the slope on slopes of 8:12
// and steeper, and the 2024 edition dropped that. A valley's lining may be a self-adhered membrane in
// every jurisdiction (R905.2.8.2), so valleys keep their 3 ft of it wherever the company works.
//
// A company says which state its jobs are in (or the state is read from its address) and whether its
// jurisdiction requires the barrier at the eaves; until it says, the state's default below is used.
// Those defaults are a state-wide starting point, not verified for any city or county: the card that
// shows them says so, and the company's own choice always wins.
//
// Where the barrier is laid, the synthetic underlayment is not: one underlayment per area.

export const US_STATES = [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['DC', 'District of Columbia'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
] as const;
export type UsState = (typeof US_STATES)[number][0];
export const US_STATE_CODES = US_STATES.map(([code]) => code) as unknown as readonly [UsState, ...UsState[]];

export function stateName(code: UsState): string {
  return US_STATES.find(([c]) => c === code)?.[1] ?? code;
}

/**
 * The states whose jurisdictions commonly mark ice damming (the northern tier and the mountain
 * states): the barrier is included at the eaves there until the company says otherwise. Unverified.
 */
const ICE_DAMMING_STATES: readonly UsState[] = [
  'AK',
  'CO',
  'CT',
  'ID',
  'IL',
  'IN',
  'IA',
  'ME',
  'MA',
  'MI',
  'MN',
  'MT',
  'NE',
  'NH',
  'NJ',
  'NY',
  'ND',
  'OH',
  'PA',
  'RI',
  'SD',
  'UT',
  'VT',
  'WI',
  'WY',
];

export function stateDefaultAtEaves(state: UsState): boolean {
  return ICE_DAMMING_STATES.includes(state);
}

const isUsState = (value: string): value is UsState => (US_STATE_CODES as readonly string[]).includes(value);

/** A state written as its code or its name, in any case ("tx ", "Texas"); null when it is neither. */
export function usState(value: string | null | undefined): UsState | null {
  const upper = value?.trim().toUpperCase() ?? '';
  if (isUsState(upper)) return upper;
  return US_STATES.find(([, name]) => name.toUpperCase() === upper)?.[0] ?? null;
}

/**
 * The state of a US address: the two letters before the ZIP code ("Edmond, OK 73034"), or a state's
 * name after the last comma ("Edmond, Oklahoma"). Null when the address names none.
 */
export function stateFromAddress(address: string | null): UsState | null {
  if (!address) return null;
  const zip = /(?:^|[\s,])([A-Za-z]{2})\.?\s+\d{5}(?:-\d{4})?\b/.exec(address);
  const code = zip?.[1]?.toUpperCase();
  if (code && isUsState(code)) return code;
  const parts = address.split(',').map((p) => p.replace(/\d{5}(-\d{4})?/g, ''));
  for (const part of parts.reverse()) {
    const named = usState(part);
    if (named) return named;
  }
  return null;
}

/** The eave widths a company may choose, in feet up the roof from the eave's edge. */
export const ICE_BARRIER_EAVE_FT_MIN = 3;
export const ICE_BARRIER_EAVE_FT_MAX = 12;
export const DEFAULT_ICE_BARRIER_EAVE_FT = 6;
/** The valley lining's width, in feet (a 36 in sheet). */
export const VALLEY_LINING_FT = 3;

/** What the estimate formulas need: whether the eaves get the barrier, and how wide. */
export type IceBarrierPolicy = { atEaves: boolean; eaveWidthFt: number };

/** The company's choices as stored: null is "not chosen". */
export type IceBarrierChoices = {
  jurisdictionState: string | null;
  iceBarrierAtEaves: boolean | null;
  iceBarrierEaveFt: number;
  address: string | null;
  codeEdition: CodeEdition;
};

/** The setting as every screen reads it: each choice and where it came from. */
export type IceBarrierSetting = IceBarrierPolicy & {
  state: UsState | null;
  /** chosen: the company picked the state; address: read from its address; none: neither. */
  stateFrom: 'chosen' | 'address' | 'none';
  /** chosen: the company said; state: the state's default; none: no state, so the barrier stays in. */
  atEavesFrom: 'chosen' | 'state' | 'none';
  edition: CodeEdition;
};

export function resolveIceBarrier(choices: IceBarrierChoices): IceBarrierSetting {
  const chosenState = choices.jurisdictionState !== null && isUsState(choices.jurisdictionState) ? choices.jurisdictionState : null;
  const fromAddress = chosenState ? null : stateFromAddress(choices.address);
  const state = chosenState ?? fromAddress;
  const stateFrom = chosenState ? 'chosen' : fromAddress ? 'address' : 'none';
  const atEavesFrom = choices.iceBarrierAtEaves !== null ? 'chosen' : state ? 'state' : 'none';
  const atEaves = choices.iceBarrierAtEaves ?? (state ? stateDefaultAtEaves(state) : true);
  return { state, stateFrom, atEaves, atEavesFrom, eaveWidthFt: choices.iceBarrierEaveFt, edition: choices.codeEdition };
}

/** The rule the setting follows, in the adopted edition, worded as the secondary source it is. */
export function iceBarrierRule(edition: CodeEdition): string {
  const steep =
    edition === '2024'
      ? 'The 2024 IRC no longer adds 36 in up the slope on steep roofs.'
      : `On slopes of 8:12 and steeper the ${edition} IRC also asks for at least 36 in up the slope.`;
  return `${CONFIDENCE_LABELS.S}: IRC R905.1.2 (${edition} IRC) requires an ice barrier only where the jurisdiction records ice damming at the eaves (its Table R301.2(1)); it runs from the eave's edge to at least 24 in inside the exterior wall line. ${steep} Valleys may be lined with it everywhere (R905.2.8.2).`;
}

/** Where the eave choice came from, in words ("Oklahoma's default", "Your choice"). */
export function atEavesSourceText(setting: IceBarrierSetting): string {
  if (setting.atEavesFrom === 'chosen') return 'Your choice';
  if (setting.atEavesFrom === 'state' && setting.state)
    return `${stateName(setting.state)}'s default (a state-wide guess, not verified for your city or county: check its Table R301.2(1))`;
  return 'No state on file, so the eaves keep the barrier until you choose';
}

/** The policy as it was before a company could choose: the barrier at the eaves, 6 ft wide. */
export const EAVES_ICE_BARRIER: IceBarrierPolicy = { atEaves: true, eaveWidthFt: DEFAULT_ICE_BARRIER_EAVE_FT };

/** A company that has chosen nothing and has no address: the barrier at the eaves, 6 ft wide. */
export const UNSET_ICE_BARRIER: IceBarrierSetting = resolveIceBarrier({
  jurisdictionState: null,
  iceBarrierAtEaves: null,
  iceBarrierEaveFt: DEFAULT_ICE_BARRIER_EAVE_FT,
  address: null,
  codeEdition: DEFAULT_CODE_EDITION,
});
