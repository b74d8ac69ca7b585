// The progress of `chuhan analyse` on stderr: on a terminal, a bar redrawn in place (games,
// positions, positions a second and the time left), with each game's line printed above it;
// elsewhere, each game's line and a progress line every few seconds. The time left is the
// positions still to search at the rate seen so far in this run.

interface ProgressOptions {
  games: number;
  /** Games done before this run (a resumed run). */
  gamesDone: number;
  /** Positions this run has to search. */
  positions: number;
  tty: boolean;
  /** Seconds between progress lines when not on a terminal. */
  seconds: number;
  write: (text: string) => void;
  now?: () => number;
}

/** `1 h 02 min`, `3 min 07 s`, `12 s`; `?` before there is a rate. */
export function duration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '?';
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (h > 0) return `${h} h ${String(m).padStart(2, '0')} min`;
  if (m > 0) return `${m} min ${String(s % 60).padStart(2, '0')} s`;
  return `${s} s`;
}

export class Progress {
  private gamesDone: number;
  private positionsDone = 0;
  private readonly start: number;
  private lastLine: number;
  private lastDraw = 0;
  private drawn = false;
  private readonly now: () => number;

  constructor(private readonly o: ProgressOptions) {
    this.now = o.now ?? Date.now;
    this.gamesDone = o.gamesDone;
    this.start = this.now();
    this.lastLine = this.start;
  }

  /** The progress as text: `games 3/20, positions 412/1,804, 38.1 positions/s, 36 s left`. */
  text(): string {
    const secs = (this.now() - this.start) / 1000;
    const rate = secs > 0 ? this.positionsDone / secs : 0;
    const left = rate > 0 ? (this.o.positions - this.positionsDone) / rate : NaN;
    return (
      `games ${this.gamesDone}/${this.o.games}, positions ${this.positionsDone.toLocaleString('en-US')}/${this.o.positions.toLocaleString('en-US')}, ` +
      `${rate.toFixed(1)} positions/s, ${this.positionsDone >= this.o.positions ? 'done' : `${duration(left)} left`}`
    );
  }

  private bar(): string {
    const f = this.o.positions > 0 ? Math.min(1, this.positionsDone / this.o.positions) : 1;
    const n = Math.round(f * 24);
    return `[${'#'.repeat(n)}${'-'.repeat(24 - n)}] ${Math.floor(f * 100)}% ${this.text()}`;
  }

  private tick(force = false): void {
    const t = this.now();
    if (this.o.tty) {
      if (force || t - this.lastDraw >= 200) {
        this.lastDraw = t;
        this.drawn = true;
        this.o.write(`\r\x1b[K${this.bar()}`);
      }
    } else if (t - this.lastLine >= this.o.seconds * 1000) {
      this.lastLine = t;
      this.o.write(`analyse: ${this.text()}\n`);
    }
  }

  positionDone(): void {
    this.positionsDone++;
    this.tick();
  }

  gameDone(): void {
    this.gamesDone++;
    this.tick(true);
  }

  /** A line of its own (a game's figures, a refusal), above the bar on a terminal. */
  note(line: string): void {
    if (this.o.tty) {
      this.o.write(`\r\x1b[K${line}\n`);
      if (this.drawn) this.o.write(this.bar());
    } else this.o.write(`${line}\n`);
  }

  /** Clears the bar (a terminal's last line is left to the caller). */
  end(): void {
    if (this.o.tty && this.drawn) this.o.write(`\r\x1b[K`);
    this.drawn = false;
  }
}
