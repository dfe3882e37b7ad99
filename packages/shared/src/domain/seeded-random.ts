// A small deterministic random generator (mulberry32): the same seed draws the same numbers, so a
// bench, a demo or a drawing made from a seed comes out the same on every run.

/** Numbers in [0, 1) drawn from `seed`, the same sequence for the same seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
