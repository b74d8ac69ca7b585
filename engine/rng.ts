// A small deterministic PRNG (mulberry32), so that seeded runs and tests reproduce exactly.

/** mulberry32 with its state in view, for runs that save their random stream and resume it. */
export class Rng {
  state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A number in [0, 1). */
  next(): number {
    const a = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
}

export function rng(seed: number): () => number {
  const r = new Rng(seed);
  return () => r.next();
}
