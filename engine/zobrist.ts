// Zobrist key tables: a 64-bit key per (piece code, square) and for the side to move,
// held as two int32 halves so that hot paths never touch BigInt. Generated once from a
// fixed seed, so keys are identical in every run and every build.

import { PIECE_CODES } from './types';

export const ZOBRIST_LO = new Int32Array(PIECE_CODES * 256);
export const ZOBRIST_HI = new Int32Array(PIECE_CODES * 256);

// xorshift128 from a fixed seed.
let s0 = 0x2545f491;
let s1 = 0x9e3779b9 | 0;
let s2 = 0x6a09e667 | 0;
let s3 = 0x1b873593;
function next(): number {
  let t = s3;
  const s = s0;
  s3 = s2;
  s2 = s1;
  s1 = s;
  t ^= t << 11;
  t ^= t >>> 8;
  s0 = t ^ s ^ (s >>> 19);
  return s0 | 0;
}

for (let i = 0; i < 64; i++) next(); // warm up away from the seed
for (let i = 0; i < PIECE_CODES * 256; i++) {
  ZOBRIST_LO[i] = next();
  ZOBRIST_HI[i] = next();
}
export const SIDE_LO = next();
export const SIDE_HI = next();

/** Mixes the bits of a 32-bit value into an unsigned 32-bit hash (a splitmix/murmur-style finalizer). */
export function mix32(z: number): number {
  z = Math.imul(z ^ (z >>> 16), 0x7feb352d);
  z = Math.imul(z ^ (z >>> 15), 0x846ca68b);
  return (z ^ (z >>> 16)) >>> 0;
}
