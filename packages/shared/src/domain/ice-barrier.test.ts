import { describe, expect, it } from 'vitest';
import { atEavesSourceText, iceBarrierRule, resolveIceBarrier, stateFromAddress, type IceBarrierChoices } from './ice-barrier';

const choices = (overrides: Partial<IceBarrierChoices> = {}): IceBarrierChoices => ({
  jurisdictionState: null,
  iceBarrierAtEaves: null,
  iceBarrierEaveFt: 6,
  address: null,
  codeEdition: '2021',
  ...overrides,
});

describe('the state of an address', () => {
  it('reads the two letters before the ZIP code, or a state named after a comma', () => {
    expect(stateFromAddress('1200 S Broadway, Edmond, OK 73034')).toBe('OK');
    expect(stateFromAddress('1200 S Broadway, Edmond, ok 73034-1234')).toBe('OK');
    expect(stateFromAddress('55 Main St, Duluth, Minnesota')).toBe('MN');
    expect(stateFromAddress('55 Main St, Duluth, MN')).toBe('MN');
  });

  it('names none when the address does not', () => {
    expect(stateFromAddress(null)).toBeNull();
    expect(stateFromAddress('100 Market Street')).toBeNull();
    expect(stateFromAddress('Unit ZZ 12345')).toBeNull();
  });
});

describe('the company’s ice barrier setting', () => {
  it('an Oklahoma company does not charge the eaves by default; a Minnesota one does', () => {
    expect(resolveIceBarrier(choices({ address: '1 Main St, Edmond, OK 73034' }))).toMatchObject({
      state: 'OK',
      stateFrom: 'address',
      atEaves: false,
      atEavesFrom: 'state',
    });
    expect(resolveIceBarrier(choices({ jurisdictionState: 'MN' }))).toMatchObject({ state: 'MN', stateFrom: 'chosen', atEaves: true, atEavesFrom: 'state' });
  });

  it('the company’s choice wins over its state’s default, and the chosen state over the address', () => {
    expect(resolveIceBarrier(choices({ jurisdictionState: 'CO', address: '1 Main St, Edmond, OK 73034', iceBarrierAtEaves: false }))).toMatchObject({
      state: 'CO',
      atEaves: false,
      atEavesFrom: 'chosen',
    });
  });

  it('with no state at all the eaves keep the barrier, and the card says why', () => {
    const setting = resolveIceBarrier(choices());
    expect(setting).toMatchObject({ state: null, stateFrom: 'none', atEaves: true, atEavesFrom: 'none' });
    expect(atEavesSourceText(setting)).toBe('No state on file, so the eaves keep the barrier until you choose');
  });

  it('a state default is labelled as a guess to check', () => {
    expect(atEavesSourceText(resolveIceBarrier(choices({ jurisdictionState: 'OK' })))).toContain('not verified');
  });

  it('the rule follows the adopted edition: the steep-slope 36 in holds until 2021, not in 2024', () => {
    expect(iceBarrierRule('2021')).toContain('On slopes of 8:12 and steeper the 2021 IRC also asks for at least 36 in');
    expect(iceBarrierRule('2024')).toContain('The 2024 IRC no longer adds 36 in');
    expect(iceBarrierRule('2024')).toMatch(/^Commonly reported: IRC R905\.1\.2 \(2024 IRC\)/);
  });
});
