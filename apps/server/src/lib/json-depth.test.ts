import { describe, expect, it } from 'vitest';
import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from './json-depth';

describe('the nesting depth of a JSON text', () => {
  it('counts objects and arrays, up to the limit and one past it', () => {
    expect(MAX_JSON_DEPTH).toBe(64);
    expect(jsonNestsDeeperThan(`${'['.repeat(64)}${']'.repeat(64)}`)).toBe(false);
    expect(jsonNestsDeeperThan(`${'['.repeat(65)}${']'.repeat(65)}`)).toBe(true);
    expect(jsonNestsDeeperThan(`${'{"a":'.repeat(65)}1${'}'.repeat(65)}`)).toBe(true);
    expect(jsonNestsDeeperThan('{"a":[1,{"b":[]}],"c":{}}', 4)).toBe(false);
    expect(jsonNestsDeeperThan('{"a":[1,{"b":[]}],"c":{}}', 3)).toBe(true);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    expect(jsonNestsDeeperThan(JSON.stringify({ text: '[[[[[[[[{{{{{{{{' }), 1)).toBe(false);
    expect(jsonNestsDeeperThan(JSON.stringify({ text: 'a "quoted" [[[[ \\\\' }), 1)).toBe(false);
    expect(jsonNestsDeeperThan(`{"text":"\\"","deeper":[[]]}`, 2)).toBe(true);
  });

  it('reads a million levels in one pass, without recursion', () => {
    expect(jsonNestsDeeperThan('['.repeat(1_000_000))).toBe(true);
    expect(jsonNestsDeeperThan(`"${'['.repeat(1_000_000)}"`)).toBe(false);
  });
});
