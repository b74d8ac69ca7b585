// The search behind the page's game review: every position of the game, each with the game's moves
// before it, at a fixed node budget, in an engine worker of its own (chuhan.worker.js). It speaks
// UCCI, as `chuhan analyse` does, because UCCI tells a mate from a result by a repetition rule and
// UCI does not; one thread and a table cleared before the game, as the command line's defaults, so
// that a review at the same node count is the command line's review. The evaluations and their
// reading are engine/review.ts's (evaluateGame, UcciSearchReply), shared with the command line.
//
// A worker of its own keeps the review apart from the analysis worker's UCI session, MultiPV and
// threads; it is ended (terminate) when the review ends or is cancelled, which stops a search at
// once on any page, cross-origin isolated or not.
import { moveToIccs } from '../engine/index';
import { evaluateGame, type PositionEval, UcciSearchReply } from '../engine/review';
import { t } from './i18n';

/** Node budgets offered, the first the default. 300,000 is `chuhan analyse`'s default. */
export const REVIEW_NODES = [60_000, 150_000, 300_000] as const;

/** The table, in MB, as `chuhan analyse` has it by default. */
const REVIEW_HASH_MB = 64;

/** Thrown by `run` when the review was cancelled. */
export class ReviewCancelled extends Error {
  constructor() {
    super('the review was cancelled');
  }
}

interface ReviewProgress {
  /** Positions evaluated so far, and of how many. */
  done: number;
  total: number;
  /** The evaluations so far, the start position first. */
  evals: readonly PositionEval[];
}

/** Runs one review; `cancel` ends it (its promise then rejects with ReviewCancelled). */
export class ReviewRunner {
  private worker: Worker | null = null;
  /** The waiting reply's reader, and how to settle it. */
  private pending: { line(text: string): boolean; reject(err: Error): void } | null = null;

  constructor(private readonly url: string) {}

  /** Evaluates every position of the game from `fen` with `moves`; `progress` after each. */
  async run(fen: string, moves: readonly number[], nodes: number, progress: (p: ReviewProgress) => void): Promise<PositionEval[]> {
    this.cancel();
    const worker = new Worker(this.url);
    this.worker = worker;
    worker.onmessage = (e: MessageEvent<string>) => {
      if (this.worker !== worker) return;
      const p = this.pending;
      if (p !== null && p.line(String(e.data))) this.pending = null;
    };
    worker.onerror = (e) => {
      e.preventDefault();
      if (this.worker === worker) this.fail(new Error(t('review.engineError', { reason: e.message || '?' })));
    };
    try {
      await this.request(worker, ['ucci'], (line) => line.trim() === 'ucciok');
      await this.request(
        worker,
        [`setoption hashsize ${REVIEW_HASH_MB}`, 'setoption threads 1', 'setoption newgame', 'isready'],
        (line) => line.trim() === 'readyok',
      );
      const total = moves.length + 1;
      const evals: PositionEval[] = [];
      return await evaluateGame(
        { fen, moves },
        async (startFen, before) => {
          const reply = new UcciSearchReply();
          const position = `position fen ${startFen}${before.length > 0 ? ` moves ${before.map(moveToIccs).join(' ')}` : ''}`;
          await this.request(worker, [position, `go nodes ${nodes}`], (line) => reply.line(line));
          const e = reply.evaluation();
          if (e === null) throw new Error(t('review.noMove', { n: before.length }));
          return e;
        },
        (done, e) => {
          evals.push(e);
          progress({ done, total, evals });
        },
      );
    } finally {
      if (this.worker === worker) this.end();
    }
  }

  /** Ends the review under way, if any. */
  cancel(): void {
    if (this.worker === null) return;
    this.fail(new ReviewCancelled());
    this.end();
  }

  private end(): void {
    this.worker?.terminate();
    this.worker = null;
  }

  private fail(err: Error): void {
    const p = this.pending;
    this.pending = null;
    p?.reject(err);
  }

  /** Posts `lines` to the review's `worker` and waits for the line `done` accepts. */
  private request(worker: Worker, lines: readonly string[], done: (line: string) => boolean): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      // A review cancelled (or followed by another) between two searches goes no further.
      if (this.worker !== worker) {
        reject(new ReviewCancelled());
        return;
      }
      this.pending = {
        line: (text) => {
          if (!done(text)) return false;
          resolve();
          return true;
        },
        reject,
      };
      for (const line of lines) worker.postMessage(line);
    });
  }
}
