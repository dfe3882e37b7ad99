import { describe, expect, it } from 'vitest';
import { toWinAnsi } from './winansi';

describe('toWinAnsi', () => {
  it('keeps what the standard fonts draw: ASCII, Latin-1 and the WinAnsi extras', () => {
    expect(toWinAnsi('Café · 25 ft² — “quoted” € ½\nnext line')).toBe('Café · 25 ft² — “quoted” € ½\nnext line');
  });

  it('maps the rest to look-alikes, bare letters or "?", one per emoji', () => {
    expect(toWinAnsi('2″ ≤ 3′ → ok')).toBe('2" <= 3\' -> ok');
    expect(toWinAnsi('Łódź Nguyễn Dvořák')).toBe('Lódz Nguyen Dvorák');
    expect(toWinAnsi('Roof 🏠👍🏽 👨‍👩‍👧 done')).toBe('Roof ?? ??? done');
    expect(toWinAnsi('中文\u00a0x\u200by\ttab')).toBe('?? xy tab');
  });
});
