// The match runner's time controls and clock accounting.
import { describe, expect, it } from 'vitest';
import { Clock, formatTimeControl, parseTimeControl } from '../bench/match/clock';

describe('time control parsing', () => {
  it('reads base+inc, sudden death and repeating controls', () => {
    expect(parseTimeControl('2+0.02')).toEqual({ base: 2000, inc: 20, moves: 0 });
    expect(parseTimeControl('60')).toEqual({ base: 60000, inc: 0, moves: 0 });
    expect(parseTimeControl('40/60')).toEqual({ base: 60000, inc: 0, moves: 40 });
    expect(parseTimeControl('40/60+0.5')).toEqual({ base: 60000, inc: 500, moves: 40 });
    expect(parseTimeControl('1:30+1')).toEqual({ base: 90000, inc: 1000, moves: 0 });
    expect(parseTimeControl('0+0.1')).toEqual({ base: 0, inc: 100, moves: 0 });
  });

  it('rejects nonsense', () => {
    for (const bad of ['', 'abc', '2+x', '0/60', '0', '-1+1', '2++1']) {
      expect(() => parseTimeControl(bad), bad).toThrow();
    }
  });

  it('formats back', () => {
    expect(formatTimeControl(parseTimeControl('2+0.02'))).toBe('2+0.02');
    expect(formatTimeControl(parseTimeControl('40/60+0.5'))).toBe('40/60+0.5');
  });
});

describe('clock accounting', () => {
  it('charges thinking time and adds the increment after each move', () => {
    const c = new Clock(parseTimeControl('2+0.02'));
    expect(c.allowance()).toBe(2000);
    expect(c.charge(300)).toBe(true);
    expect(c.remaining).toBe(2000 - 300 + 20);
    expect(c.charge(1000)).toBe(true);
    expect(c.remaining).toBe(1720 - 1000 + 20);
    expect(c.moves).toBe(2);
    expect(c.used).toBe(1300);
    expect(c.movesToGo()).toBeUndefined();
  });

  it('the flag falls only below zero minus the margin', () => {
    // 100 ms left: spending exactly 100 ms leaves 0, which is not below zero.
    const exact = new Clock({ base: 100, inc: 0, moves: 0 });
    expect(exact.charge(100)).toBe(true);
    expect(exact.remaining).toBe(0);
    const over = new Clock({ base: 100, inc: 0, moves: 0 });
    expect(over.charge(101)).toBe(false);
    expect(over.flagged).toBe(true);
    // With a 50 ms margin, 149 ms is tolerated (−49) and 151 ms is not (−51).
    const m1 = new Clock({ base: 100, inc: 0, moves: 0 }, 50);
    expect(m1.allowance()).toBe(150);
    expect(m1.charge(149)).toBe(true);
    const m2 = new Clock({ base: 100, inc: 0, moves: 0 }, 50);
    expect(m2.charge(151)).toBe(false);
    // The increment is not added before the check: 100 + 20 inc, 110 ms spent → flag.
    const inc = new Clock({ base: 100, inc: 20, moves: 0 });
    expect(inc.charge(110)).toBe(false);
  });

  it('repeating controls add the base time again after each period', () => {
    const c = new Clock(parseTimeControl('3/10'));
    expect(c.movesToGo()).toBe(3);
    c.charge(1000);
    expect(c.movesToGo()).toBe(2);
    c.charge(1000);
    c.charge(1000);
    // Three moves made: 10 − 3 + 10 = 17 s, and a new period of 3 moves starts.
    expect(c.remaining).toBe(17000);
    expect(c.movesToGo()).toBe(3);
    c.charge(16000);
    c.charge(500);
    expect(c.remaining).toBe(500);
    expect(c.charge(600)).toBe(false);
  });

  it('credits the base, each increment and each new period: what the side could spend so far', () => {
    const f = new Clock(parseTimeControl('2+0.02'));
    expect(f.credited()).toBe(2000);
    f.charge(300);
    f.charge(1000);
    // Two increments added; 700 ms used of 2,040 given, the rest is on the clock.
    expect(f.credited()).toBe(2040);
    expect(f.credited() - f.used).toBe(f.remaining);
    const p = new Clock(parseTimeControl('3/10+0.5'));
    for (let i = 0; i < 4; i++) p.charge(2000);
    // Four increments and the second period's 10 s.
    expect(p.credited()).toBe(20000 + 4 * 500);
    expect(p.credited() - p.used).toBe(p.remaining);
    // A move that flags is not credited.
    const x = new Clock({ base: 100, inc: 20, moves: 0 });
    x.charge(110);
    expect(x.credited()).toBe(100);
  });
});
