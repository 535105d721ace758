// The demo seeds' random generator: mulberry32, small, fast, good enough for demo data, and the same
// sequence every time for a given seed, so a demo seeded on a given date is always the same (and a random test, the
// rollups' equality tests, replays a failing sequence from its seed).
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
