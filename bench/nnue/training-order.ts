// The order in which the trainer sees its training entries, with memory bounded by a window.
//
// Entries: e < nTrain is played position e; with mirror images, played + p is the mirror of
// position p (p < nTrain). The positions at nTrain..played are held out.
//
// When the training positions fit in the window (`buffer` positions), all their records are held
// and the entries are shuffled in one array kept from epoch to epoch, as the trainer always did:
// the same seed gives the same networks as before. Otherwise the positions are cut into chunks of
// `chunk` positions; each epoch shuffles the chunk order (kept from epoch to epoch), then takes the
// chunks a window at a time (buffer / chunk of them), reads their records, and shuffles the
// window's entries (a position and its mirror image are in the same window).
//
// Everything draws from one seeded generator in a fixed sequence, so that a resumed training can
// replay the draws up to where it stopped without reading any data (skip()).

interface OrderConfig {
  nTrain: number;
  played: number;
  mirror: boolean;
  /** Positions whose records the window holds. */
  buffer: number;
  chunk: number;
}

function shuffle(a: Uint32Array, random: () => number): void {
  for (let j = a.length - 1; j > 0; j--) {
    const k = Math.floor(random() * (j + 1));
    const t = a[j];
    a[j] = a[k];
    a[k] = t;
  }
}

/** Draws as many numbers as shuffling `n` entries would. */
function skipShuffle(n: number, random: () => number): void {
  for (let j = n - 1; j > 0; j--) random();
}

export class TrainingOrder {
  /** True when every training position is held at once (one window, the entries kept between epochs). */
  readonly whole: boolean;
  readonly chunks: number;
  /** Chunks per window. */
  readonly perWindow: number;
  private readonly chunkOrder: Uint32Array;
  private readonly kept: Uint32Array | null;

  constructor(
    readonly cfg: OrderConfig,
    private readonly random: () => number,
  ) {
    this.whole = cfg.nTrain <= cfg.buffer;
    const chunk = this.whole ? Math.max(1, cfg.nTrain) : cfg.chunk;
    this.chunks = Math.ceil(cfg.nTrain / chunk);
    this.perWindow = this.whole ? this.chunks : Math.max(1, Math.floor(cfg.buffer / cfg.chunk));
    this.chunkOrder = Uint32Array.from({ length: this.chunks }, (_, i) => i);
    this.kept = this.whole ? this.newEntries(this.chunkOrder) : null;
  }

  /** Training entries an epoch. */
  get entries(): number {
    return this.cfg.nTrain * (this.cfg.mirror ? 2 : 1);
  }

  /** Chunk `c`'s positions: [from, to). */
  chunkRange(c: number): { from: number; to: number } {
    if (this.whole) return { from: 0, to: this.cfg.nTrain };
    return { from: c * this.cfg.chunk, to: Math.min(this.cfg.nTrain, (c + 1) * this.cfg.chunk) };
  }

  /** Starts an epoch: its windows, each a list of chunks. */
  beginEpoch(): Uint32Array[] {
    if (!this.whole) shuffle(this.chunkOrder, this.random);
    const windows: Uint32Array[] = [];
    for (let i = 0; i < this.chunks; i += this.perWindow) windows.push(this.chunkOrder.slice(i, i + this.perWindow));
    return windows;
  }

  /** The window's entries, shuffled (the array may be kept: do not change it). */
  windowEntries(window: Uint32Array): Uint32Array {
    const e = this.kept ?? this.newEntries(window);
    shuffle(e, this.random);
    return e;
  }

  /** Draws what windowEntries(window) would, without making the entries. */
  skipWindow(window: Uint32Array): void {
    if (this.kept) shuffle(this.kept, this.random);
    else skipShuffle(this.windowSize(window), this.random);
  }

  windowSize(window: Uint32Array): number {
    let n = 0;
    for (const c of window) {
      const r = this.chunkRange(c);
      n += r.to - r.from;
    }
    return n * (this.cfg.mirror ? 2 : 1);
  }

  private newEntries(window: Uint32Array): Uint32Array {
    const out = new Uint32Array(this.windowSize(window));
    let n = 0;
    for (const c of window) {
      const r = this.chunkRange(c);
      for (let p = r.from; p < r.to; p++) out[n++] = p;
    }
    if (this.cfg.mirror) {
      for (const c of window) {
        const r = this.chunkRange(c);
        for (let p = r.from; p < r.to; p++) out[n++] = this.cfg.played + p;
      }
    }
    return out;
  }
}
