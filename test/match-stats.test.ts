// Elo, LOS and SPRT arithmetic of the match runner against values worked out independently.
// Where a number comes from a published source, the source is named; the others were worked out
// by hand step by step (the intermediate values are in the comments; checked with a calculator).
import { describe, expect, it } from 'vitest';
import {
  eloFromScore,
  eloPentanomial,
  eloTrinomial,
  erf,
  llrBayesElo,
  llrPentanomial,
  llrTrinomial,
  los,
  normalQuantile,
  scoreFromElo,
  sprt,
  sprtBounds,
} from '../bench/match/stats';

describe('normal distribution helpers', () => {
  it('erf matches the tabulated values', () => {
    // Abramowitz & Stegun, Handbook of Mathematical Functions, Table 7.1:
    // erf(0.5) = 0.5204998778, erf(1.0) = 0.8427007929, erf(2.0) = 0.9953222650.
    expect(erf(0.5)).toBeCloseTo(0.5204998778, 9);
    expect(erf(1)).toBeCloseTo(0.8427007929, 9);
    expect(erf(2)).toBeCloseTo(0.995322265, 9);
    // erf(3) = 0.9999779095 (same table), reached through the continued fraction branch.
    expect(erf(3)).toBeCloseTo(0.9999779095, 9);
    expect(erf(-1)).toBeCloseTo(-0.8427007929, 9);
  });

  it('the 97.5% normal quantile is 1.959964', () => {
    // Every statistics table: z(0.975) = 1.959963985 (the "1.96" of 95% two-sided intervals).
    expect(normalQuantile(0.975)).toBeCloseTo(1.959963985, 8);
    expect(normalQuantile(0.5)).toBeCloseTo(0, 12);
  });
});

describe('Elo from score', () => {
  it('maps scores to logistic Elo and back', () => {
    // s = 3/4: -400 log10(1/0.75 - 1) = 400 log10 3 = 400 × 0.4771212547 = 190.8485019.
    expect(eloFromScore(0.75)).toBeCloseTo(190.8485019, 6);
    expect(eloFromScore(0.25)).toBeCloseTo(-190.8485019, 6);
    expect(eloFromScore(0.5)).toBeCloseTo(0, 12);
    // 400 Elo: 1 / (1 + 10^-1) = 10/11 = 0.9090909.
    expect(scoreFromElo(400)).toBeCloseTo(10 / 11, 12);
    expect(eloFromScore(1)).toBe(Infinity);
  });
});

describe('trinomial interval', () => {
  it('+30 =40 -30 gives 0 ± 53.16', () => {
    // s = 0.5; per-game variance = (30·0.25 + 40·0 + 30·0.25)/100 = 0.15;
    // σ/√n = √(0.0015) = 0.0387298; s ± 1.959964 σ/√n = 0.4240913 .. 0.5759087;
    // elo(0.5759087) = 400 log10(0.5759087/0.4240913) = 400 × 0.1328949 = 53.158; margin 53.158.
    const e = eloTrinomial({ wins: 30, draws: 40, losses: 30 });
    expect(e.elo).toBeCloseTo(0, 9);
    expect(e.margin).toBeCloseTo(53.158, 2);
    expect(e.samples).toBe(100);
  });

  it('+50 =30 -20 gives 107.54 ± 59.16', () => {
    // s = (50 + 15)/100 = 0.65; elo = 400 log10(0.65/0.35) = 400 × 0.2688453 = 107.538;
    // variance = (50·0.35² + 30·0.15² + 20·0.65²)/100 = (6.125 + 0.675 + 8.45)/100 = 0.1525;
    // σ/√n = 0.0390512; interval 0.5734596 .. 0.7265404 → elo 51.90 .. 170.23 → margin 59.164.
    const e = eloTrinomial({ wins: 50, draws: 30, losses: 20 });
    expect(e.elo).toBeCloseTo(107.538, 2);
    expect(e.margin).toBeCloseTo(59.164, 2);
    expect(e.score).toBeCloseTo(0.65, 12);
  });
});

describe('pentanomial interval', () => {
  it('[2,5,10,8,5] over 30 pairs gives 52.51 ± 72.98', () => {
    // Pair scores 0, .25, .5, .75, 1 with counts 2, 5, 10, 8, 5 (30 pairs):
    // mean = (0 + 1.25 + 5 + 6 + 5)/30 = 17.25/30 = 0.575; elo = 400 log10(0.575/0.425) = 52.512;
    // variance = (2·.575² + 5·.325² + 10·.075² + 8·.175² + 5·.425²)/30
    //          = (0.66125 + 0.528125 + 0.05625 + 0.245 + 0.903125)/30 = 2.39375/30 = 0.0797917;
    // σ/√n = √(0.0797917/30) = 0.0515725; interval 0.4739195 .. 0.6760805 → margin 72.98.
    const e = eloPentanomial([2, 5, 10, 8, 5]);
    expect(e.elo).toBeCloseTo(52.512, 2);
    expect(e.margin).toBeCloseTo(72.98, 1);
    expect(e.samples).toBe(30);
  });
});

describe('LOS', () => {
  it('follows ½(1 + erf((W−L)/√(2(W+L))))', () => {
    // W = 6, L = 2: (6−2)/√(2·8) = 4/4 = 1; ½(1 + erf 1) = ½(1 + 0.8427007929) = 0.9213503965.
    expect(los({ wins: 6, draws: 10, losses: 2 })).toBeCloseTo(0.9213503965, 9);
    expect(los({ wins: 2, draws: 0, losses: 6 })).toBeCloseTo(1 - 0.9213503965, 9);
    expect(los({ wins: 5, draws: 3, losses: 5 })).toBe(0.5);
    expect(los({ wins: 0, draws: 3, losses: 0 })).toBe(0.5);
  });
});

describe('SPRT', () => {
  it('bounds are ln(β/(1−α)) and ln((1−β)/α)', () => {
    // α = β = 0.05: ln(0.05/0.95) = −ln 19 = −2.944439; α = 0.05, β = 0.1: ln(0.1/0.95) = −2.251292,
    // ln(0.9/0.05) = ln 18 = 2.890372. (fishtest and cutechess print ±2.94 for 0.05/0.05.)
    expect(sprtBounds(0.05, 0.05).lower).toBeCloseTo(-2.944439, 6);
    expect(sprtBounds(0.05, 0.05).upper).toBeCloseTo(2.944439, 6);
    expect(sprtBounds(0.05, 0.1).lower).toBeCloseTo(-2.251292, 6);
    expect(sprtBounds(0.05, 0.1).upper).toBeCloseTo(2.890372, 6);
  });

  it('logistic LLR, trinomial: +50 =30 -20 with elo0 = 0, elo1 = 5 is 0.6907', () => {
    // s0 = 0.5, s1 = 1/(1 + 10^(−5/400)) = 0.5071950817; s = 0.65; variance 0.1525 (see above);
    // LLR = (s1 − s0)(2s − s0 − s1) / (2 · 0.1525/100) = 0.0071950817 × 0.2928049183 / 0.00305
    //     = 0.0021067553 / 0.00305 = 0.690739.
    expect(llrTrinomial({ wins: 50, draws: 30, losses: 20 }, 0, 5)).toBeCloseTo(0.690739, 5);
  });

  it('logistic LLR, pentanomial: [2,5,10,8,5] with elo0 = 0, elo1 = 5 is 0.1932', () => {
    // mean 0.575, variance 0.0797917, 30 pairs (see above):
    // LLR = 0.0071950817 × (1.15 − 1.0071950817) / (2 × 0.0797917/30)
    //     = 0.0071950817 × 0.1428049183 / 0.0053194444 = 0.193158.
    expect(llrPentanomial([2, 5, 10, 8, 5], 0, 5)).toBeCloseTo(0.193158, 5);
  });

  it('BayesElo LLR matches the published example of jw1912/SPRT', () => {
    // github.com/jw1912/SPRT README, "Sample usage": wins 4307, losses 4063, draws 8620,
    // elo0 0, elo1 3 → "LLR: 2.47 (-2.94, 2.94)".
    expect(llrBayesElo({ wins: 4307, draws: 8620, losses: 4063 }, 0, 3)).toBeCloseTo(2.47, 2);
  });

  it('decides at the bounds and prefers pentanomial counts when pairs exist', () => {
    const cfg = { elo0: 0, elo1: 5, alpha: 0.05, beta: 0.05 };
    const none = sprt(cfg, { wins: 50, draws: 30, losses: 20 });
    expect(none.llr).toBeCloseTo(0.690739, 5);
    expect(none.decision).toBeNull();
    const penta = sprt(cfg, { wins: 0, draws: 0, losses: 0 }, [2, 5, 10, 8, 5]);
    expect(penta.llr).toBeCloseTo(0.193158, 5);
    // A long run of wins pushes the LLR over the upper bound, of losses under the lower one.
    expect(sprt(cfg, { wins: 600, draws: 300, losses: 100 }).decision).toBe('H1');
    expect(sprt(cfg, { wins: 100, draws: 300, losses: 600 }).decision).toBe('H0');
    // Only wins: the variance would be 0; empty categories count half a game. A single game, or
    // ten won pairs at elo1 = 5, is no decision (one won game used to give LLR 26.6 at 0/50).
    const oneWin = sprt({ ...cfg, elo1: 50 }, { wins: 1, draws: 0, losses: 0 });
    expect(oneWin.llr).toBeGreaterThan(0);
    expect(oneWin.llr).toBeLessThan(0.2);
    expect(oneWin.decision).toBeNull();
    expect(sprt(cfg, { wins: 20, draws: 0, losses: 0 }, [0, 0, 0, 0, 10]).decision).toBeNull();
    // A long one-sided run still decides.
    const allWins = sprt(cfg, { wins: 400, draws: 0, losses: 0 }, [0, 0, 0, 0, 200]);
    expect(allWins.llr).toBeGreaterThan(allWins.upper);
    expect(allWins.decision).toBe('H1');
    expect(sprt(cfg, { wins: 0, draws: 0, losses: 0 }).llr).toBe(0);
    expect(sprt({ ...cfg, elo1: 3, model: 'bayesian' }, { wins: 4307, draws: 8620, losses: 4063 }).llr).toBeCloseTo(2.47, 2);
  });
});
