// WXF symbols (`C2.5`, `H8+7`, `R++4`) and the xqbase letters, to and from our integer moves; the
// conventions, written and read, are in engine/notation.ts.

import type { Position } from './position';
import {
  type Dir,
  describeMove,
  isDigit,
  normalise,
  pickFront,
  pickIndex,
  pickMiddle,
  pickOuterFront,
  pickOuterRear,
  pickRear,
  pickSymMinus,
  pickSymPlus,
  type Reading,
  resolve,
  type Selector,
} from './notation-relative';
import { ADVISOR, CANNON, CHARIOT, ELEPHANT, HORSE, KING, type Kind, type Move, SOLDIER } from './types';

const WXF_LETTERS = ' KAEHRCP';

/** The move in WXF symbols, e.g. `C2.5`, `H8+7`, `R++4`, `Pa.2` (see engine/notation.ts for the conventions). */
export function moveToWxf(pos: Position, move: Move): string {
  const d = describeMove(pos, move, 'WXF');
  return WXF_LETTERS[d.kind] + (d.wxfMarker || String(d.file)) + d.dir + String(d.target);
}

// ---------------------------------------------------------------------------------------------
// Input

const LETTER_KINDS: Record<string, number> = {
  K: KING,
  A: ADVISOR,
  G: ADVISOR,
  B: ELEPHANT,
  E: ELEPHANT,
  M: ELEPHANT,
  N: HORSE,
  H: HORSE,
  R: CHARIOT,
  C: CANNON,
  P: SOLDIER,
};

/** Readings of a WXF / xqbase symbol move (already NFKC-normalised, without spaces). */
function symbolReadings(s: string): Reading[] {
  if (s.length === 3 && LETTER_KINDS[s[0].toUpperCase()] !== undefined && isDigit(s[1]) && isDigit(s[2])) {
    s = s[0] + s[1] + '.' + s[2]; // `C25`: some books leave the sideways sign out
  }
  if (s.length !== 4 || !'+-.='.includes(s[2]) || !isDigit(s[3])) return [];
  const dir = (s[2] === '=' ? '.' : s[2]) as Dir;
  const target = Number(s[3]);
  const c0 = s[0];
  const c1 = s[1];
  const out: Reading[] = [];
  const add = (tier: number, kind: Kind, select: Selector): void => {
    out.push({ tier, kind, select, dir, target });
  };
  // A marker symbol (`+`, `-`, `.`, `a`…`e`) with its kind, in either order.
  const addMarker = (m: string, kind: Kind): void => {
    if (m === '+') {
      add(0, kind, { by: 'marker', file: 0, pick: pickSymPlus });
      add(1, kind, { by: 'marker', file: 0, pick: pickFront });
    } else if (m === '-') {
      add(0, kind, { by: 'marker', file: 0, pick: pickSymMinus });
      add(1, kind, { by: 'marker', file: 0, pick: pickRear });
    } else if (m === '.') {
      add(0, kind, { by: 'marker', file: 0, pick: pickMiddle });
    } else {
      const i = 'abcde'.indexOf(m.toLowerCase());
      if (i >= 0) add(0, kind, { by: 'global', index: i });
    }
  };
  const k0 = LETTER_KINDS[c0.toUpperCase()];
  const k1 = LETTER_KINDS[c1.toUpperCase()];
  if (k0 !== undefined && isDigit(c1)) {
    if (k0 === SOLDIER) {
      // Convention B: with three or five soldiers on the file, the plain file number is the middle one.
      add(0, SOLDIER, { by: 'file', file: Number(c1), middle: true });
      add(1, SOLDIER, { by: 'file', file: Number(c1) });
    } else {
      add(0, k0, { by: 'file', file: Number(c1) }); // C2.5
    }
  }
  if (k0 !== undefined && !isDigit(c1)) addMarker(c1, k0); // R++4, Pa.2, P..6
  if (k1 !== undefined && !isDigit(c0)) addMarker(c0, k1); // +R+1, aP.2
  if ((c0 === '+' || c0 === '-') && c1 === c0) {
    add(0, SOLDIER, { by: 'marker', file: 0, pick: c0 === '+' ? pickOuterFront : pickOuterRear }); // B: ++.4
  }
  if (isDigit(c0) && (c1 === '+' || c1 === '-')) {
    add(0, SOLDIER, { by: 'marker', file: Number(c0), pick: c1 === '+' ? pickFront : pickRear }); // B: 3+.4
  }
  if ((c0 === '+' || c0 === '-') && isDigit(c1)) {
    add(0, SOLDIER, { by: 'marker', file: Number(c1), pick: c0 === '+' ? pickFront : pickRear }); // C: +9.8
  }
  if (isDigit(c0) && isDigit(c1)) {
    const n0 = Number(c0);
    const d = { by: 'marker' as const, file: Number(c1), pick: pickIndex(n0 - 1) }; // D: 15+1
    if (c0 === c1) {
      add(0, SOLDIER, { by: 'marker', file: n0, pick: pickMiddle }); // B: 33.4
      add(1, SOLDIER, d);
    } else if (n0 <= 5) {
      add(0, SOLDIER, d);
    }
    if (n0 <= 7) add(1, n0, { by: 'file', file: Number(c1) }); // number pad: 62.5 = C2.5
  }
  return out;
}

/** Parses a WXF / xqbase symbol move (`C2.5`, `H8+7`, `N8+7`, `+R+1`, `R++1`, `Pa.2`, `3+.2`, `C2=5` …). */
export function parseWxf(pos: Position, text: string): number {
  const s = normalise(text);
  return resolve(pos, text, symbolReadings(s), 'WXF');
}
