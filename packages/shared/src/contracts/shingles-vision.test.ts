import { describe, expect, it } from 'vitest';
import { readVisionAnswer } from './shingles';

// A model's answer read against the shared vocabulary: only known values survive; anything else, or
// an answer that is not a JSON object, suggests nothing.

const NOTHING = { type: null, cut: null, nailZone: null, sealant: null };

describe('reading a vision answer', () => {
  it('keeps values of the vocabulary and drops every other value and key', () => {
    expect(readVisionAnswer('{"type":"three_tab","cut":"hexagonal","nailZone":"none","sealant":"dashed","manufacturer":"Maker"}')).toEqual({
      type: 'three_tab',
      cut: null,
      nailZone: 'none',
      sealant: 'dashed',
    });
    expect(readVisionAnswer('{"type":"Laminated","cut":"slate_look","nailZone":3,"sealant":null}')).toEqual({
      type: null,
      cut: 'slate_look',
      nailZone: null,
      sealant: null,
    });
  });

  it('unwraps a fenced JSON block', () => {
    expect(readVisionAnswer('Here it is:\n```json\n{"type":"designer","cut":"shake_look"}\n```')).toEqual({ ...NOTHING, type: 'designer', cut: 'shake_look' });
  });

  it('reads anything that is not a JSON object as no suggestion', () => {
    for (const text of ['', 'A laminated shingle.', '["laminated"]', 'null', '"laminated"', '{"type":']) expect(readVisionAnswer(text)).toEqual(NOTHING);
  });
});
