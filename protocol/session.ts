// The protocol session: reads command lines, keeps the dialect, the position and the options, and
// answers in the dialect chosen by the handshake (`ucci`, `uci`, or `uci` then `ucci` for
// VinXiangQi; undecided sessions answer like UCI). Each command is one case of `execute`.
//
// Every `go` owes exactly one reply (`bestmove`/`nobestmove`, reply-ledger.ts), `isready` a
// `readyok`, `probe` a `pophash`, UCCI's `quit` a `bye`. The search runs in a worker
// (search-client.ts), so `stop`, `isready` and `ponderhit` are served at once while it thinks.
// The parts: input-queue.ts (lines in order), engine-options.ts (the options and their effects),
// evaluation.ts (the network), search-plan.ts (a `go` made the search's limits), reply-ledger.ts
// (the replies owed to `go`), command-moves.ts (the moves of `banmoves` and `go searchmoves`).
//
// Nothing here needs Node: the output is a LineOutput, and the worker and files come from a
// SessionHost, so the same session runs the executable (host/stdio-session.ts) and the browser
// worker (host/web-worker.ts).
import { START_FEN, parseFen, toFen } from '../engine/index';
import { levelOfElo } from '../engine/skill';
import { planSearch } from './search-plan';
import type { Dialect } from './dialect';
import { engineOptions, type EngineOptions } from './engine-options';
import { EvaluationSetting } from './evaluation';
import { InputQueue } from './input-queue';
import { readMoveList } from './command-moves';
import { boardLines, perftLines, pophashLine } from './inspect';
import { commandWord, parseLine, type Command, type GoCommand, type PositionText } from './parser';
import { ReplyLedger, legalMoves } from './reply-ledger';
import { clip, type Report } from './report';
import { SearchClient } from './search-client';
import type { LineOutput, SessionHost } from './session-host';
import { setupPosition, type BuiltPosition } from './setup';
import { UCCI } from './ucci';
import { UCI, UCI10 } from './uci';

/** How long `isready` waits for an idle worker's answer before replying anyway (ms). */
const PING_TIMEOUT_MS = 2000;
const PROBE_TIMEOUT_MS = 1000;

function startPosition(): BuiltPosition {
  return { fen: START_FEN, moves: [], pos: parseFen(START_FEN) };
}

export class Session {
  private dialect: Dialect = UCI;
  private cyclone = false;
  /** Seeds `randomness` and the strength level's draw: new for every search, random for every session. */
  private noiseSeed = (Math.random() * 0x100000000) >>> 0;
  private root: BuiltPosition = startPosition();
  private banned: number[] = [];
  private readonly report: Report = {
    note: (text) => this.out.line(this.dialect.infoString(text)),
    debug: (text) => {
      if (this.options.debug.value) this.report.note(text);
    },
  };
  private readonly options: EngineOptions;
  private readonly client: SearchClient;
  private readonly ledger: ReplyLedger;
  private readonly evaluation: EvaluationSetting;
  private readonly input: InputQueue;
  private finished = false;
  private resolveDone: () => void = () => {};
  /** Resolves when the session is over (after `quit`, or at the end of input once all replies are out). */
  readonly done: Promise<void>;

  constructor(
    private readonly out: LineOutput,
    private readonly host: SessionHost,
  ) {
    this.done = new Promise((resolve) => (this.resolveDone = resolve));
    this.options = engineOptions({
      resizeHash: (mb) => this.client.setHash(mb),
      setThreads: (n) => this.setThreads(n),
      setEvaluation: (useNetwork, file) => this.evaluation.set(useNetwork, file),
      newGame: () => this.newGame(),
      ranksChanged: (note) => {
        if (note !== null) this.report.note(note);
        if (this.dialect.name === 'uci') this.dialect = this.uciDialect();
      },
      setParams: (values) => this.client.setParams(values),
    });
    this.client = new SearchClient(
      {
        info: (id, info) => this.ledger.info(id, info),
        currmove: (id, info) => this.ledger.currmove(id, info),
        result: (id, result) => this.ledger.result(id, result),
        failed: (id, message) => this.ledger.failed(id, message),
        warning: (message) => this.report.note(message),
      },
      this.options.hash.value,
      host.worker,
    );
    this.ledger = new ReplyLedger(
      {
        out,
        report: this.report,
        dialect: () => this.dialect,
        debug: () => this.options.debug.value,
        resign: () => this.options.resign.value,
        showWdl: () => this.options.showwdl.value,
        answered: () => this.input.pump(),
      },
      this.client,
    );
    this.evaluation = new EvaluationSetting(host, this.client, this.report, this.options.usennue.value);
    this.input = new InputQueue({
      handle: (raw) => this.handle(raw),
      // Batch mode: while thinking, input waits for the reply (only stop and isready go through).
      waits: (raw) => this.options.batch.value && this.ledger.thinking && !['stop', 'isready'].includes(commandWord(raw)),
      drained: (waiting) => {
        // Nobody is left to send stop: end held and endless searches now (with batch input
        // waiting, the one it waits behind).
        this.ledger.stopEndless(!waiting);
        if (!waiting && this.ledger.settled) void this.finish();
      },
    });
  }

  /** Takes one raw input line; lines are handled in order, some waiting for the worker. */
  push(raw: string): void {
    this.input.push(raw);
  }

  /** The GUI closed our input: finish what is owed (stopping endless searches), then end. */
  close(): void {
    this.input.close();
  }

  private handle(raw: string): Promise<void> | void {
    const { command, warnings } = parseLine(raw);
    if (command.kind !== 'empty') this.report.debug(`received: ${clip(raw.trim(), 100)}`);
    for (const w of warnings) this.report.note(w);
    return this.execute(command);
  }

  private execute(c: Command): Promise<void> | void {
    switch (c.kind) {
      case 'empty':
        return;
      case 'handshake':
        this.dialect = c.dialect === 'ucci' ? UCCI : this.uciDialect();
        this.cyclone = false;
        return this.lines(this.dialect.handshake(this.options.registry.all));
      case 'ucicyclone':
        this.dialect = this.uciDialect();
        this.cyclone = true;
        return;
      case 'isready':
        return this.isready();
      case 'setoption':
        return this.setoption(c.name, c.value);
      case 'position':
        if (c.bare && this.dialect.name === 'uci' && !this.cyclone) {
          this.cyclone = true;
          this.report.debug('UCI-Cyclone form (position without the word position)');
        }
        return this.position(c.position);
      case 'banmoves':
        return this.banmoves(c.moves);
      case 'go':
        return this.go(c.go);
      case 'ponderhit':
        return this.ledger.ponderhit(c.draw);
      case 'stop': {
        if (this.ledger.stopCurrent()) return;
        const reply = this.dialect.stopWhileIdle();
        if (reply !== null) this.out.line(reply);
        return;
      }
      case 'probe':
        return this.probe(c.position, c.error);
      case 'quit':
        return this.quit();
      case 'newgame':
        return this.newGame();
      case 'debug':
        this.options.debug.value = c.on;
        return;
      case 'display':
        return this.lines(boardLines(this.root.pos, this.dialect.ranksFrom));
      case 'eval':
        return this.lines(this.evaluation.evalLines(this.root.pos));
      case 'unknown':
        return this.report.note(`unknown command '${clip(c.word)}'`);
      case 'error':
        return this.report.note(c.message);
      default: {
        const unhandled: never = c;
        return unhandled;
      }
    }
  }

  private lines(lines: readonly string[]): void {
    for (const line of lines) this.out.line(line);
  }

  /** UCI with the ranks chosen by the `Ranks` option. */
  private uciDialect(): Dialect {
    return this.options.ranks.value === '1-10' ? UCI10 : UCI;
  }

  private async isready(): Promise<void> {
    // After `stop`, the stopped search's bestmove comes first (it is due within STOP_GRACE_MS),
    // so that `stop` + `isready` is a clean synchronisation point for a GUI.
    await this.ledger.stoppedAnswered();
    // While the worker is busy, readyok goes out at once; when it is idle, a round trip to it and
    // to every helper first makes sure they are alive, warmed up and have applied earlier option
    // changes (a new hash size, say) and cleared the table after a new game.
    if (!this.client.busy && this.client.unavailable === null) await this.client.pingAll(PING_TIMEOUT_MS);
    this.out.line('readyok');
  }

  private setoption(name: string, value: string): void {
    switch (this.options.registry.set(name, value, this.dialect.name, this.report)) {
      case 'set':
        return;
      case 'ignored':
        return this.report.debug(`option ${clip(name)} is accepted and has no effect`);
      case 'unknown':
        // UCI engines say so (Stockfish's wording); UCCI GUIs send options nobody announced.
        if (this.dialect.name === 'uci') return this.report.note(`No such option: ${clip(name)}`);
        return this.report.debug(`option '${clip(name)}' is not one of ours; ignored`);
    }
  }

  /** Starts or ends helper threads for the next searches (Threads); says so when fewer run. */
  private setThreads(asked: number): void {
    const running = this.client.setThreads(asked);
    if (running < asked) {
      const why = this.host.worker.shared
        ? 'helper threads could not start'
        : 'several threads need SharedArrayBuffer, which a browser gives only to a cross-origin-isolated page';
      this.report.note(`Threads ${asked}: ${why}; searching with ${running} thread${running === 1 ? '' : 's'}`);
    }
    const cores = this.host.worker.cores;
    if (running > cores) {
      this.report.note(
        `Threads ${running} is more than the ${cores} logical processor${cores === 1 ? '' : 's'} of this machine: the threads take turns on them, and each searches slower`,
      );
    }
    const helpers = this.client.helperCount;
    this.report.debug(`search threads: ${running} (the main search and ${helpers} helper${helpers === 1 ? '' : 's'})`);
  }

  private newGame(): void {
    this.client.clearHash();
    this.root = startPosition();
    this.banned = [];
    this.report.debug('new game: hash cleared, start position set');
  }

  private position(text: PositionText): void {
    const r = setupPosition(text, 'position', (t) => this.dialect.readMove(t));
    for (const w of r.warnings) this.report.note(w);
    if (!r.ok) return this.report.note(r.error);
    this.root = r.built;
    this.banned = [];
    this.report.debug(`position ${toFen(r.built.pos)} after ${r.built.moves.length} move(s); no banned moves`);
  }

  /**
   * The legal moves among `tokens`, read in the dialect in use; the unreadable or illegal ones are
   * left out, with one message for all of them, under `what`.
   */
  private readMoves(tokens: readonly string[], what: string): number[] {
    const { moves, message } = readMoveList(this.root.pos, tokens, (t) => this.dialect.readMove(t), what);
    if (message !== null) this.report.note(message);
    return moves;
  }

  /** The value an option holds now, by any of its names; undefined for a name that is no option. */
  optionValue(name: string): unknown {
    return this.options.registry.find(name)?.value;
  }

  private banmoves(tokens: string[]): void {
    this.banned = this.readMoves(tokens, 'banmoves');
    this.report.debug(`banned moves: ${this.banned.length === 0 ? 'none' : this.banned.map((m) => this.dialect.move(m)).join(' ')}`);
  }

  private go(go: GoCommand): void {
    if (this.ledger.thinking) {
      this.report.note('go while searching: the current search is stopped and answered first');
      this.ledger.stopCurrent();
    }
    const pos = this.root.pos;
    const o = this.options;
    // UCI_LimitStrength's UCI_Elo overrides Skill Level, as in Stockfish.
    const level = o.limitstrength.value ? levelOfElo(o.elo.value) : o.skill.value;
    const plan = planSearch(
      go,
      pos.side,
      { overhead: o.overhead.value, randomness: o.randomness.value, usemillisec: o.usemillisec.value, multipv: o.multipv.value, level },
      this.dialect.name,
    );
    if (plan.limits.rootNoise !== undefined || plan.pick !== undefined)
      this.noiseSeed = (Math.imul(this.noiseSeed, 1664525) + 1013904223) >>> 0;
    if (plan.limits.rootNoise !== undefined) plan.limits.noiseSeed = this.noiseSeed;
    const pick = plan.pick === undefined ? undefined : { ...plan.pick, seed: this.noiseSeed };
    for (const w of plan.warnings) this.report.note(w);
    // Counted here, as Pikafish does: the session answers nothing else meanwhile.
    if (plan.perft !== undefined) return this.lines(perftLines(pos, plan.perft, (m) => this.dialect.move(m)));
    const excluded = [...this.banned];
    if (go.searchmoves !== undefined) {
      // As Stockfish: moves that cannot be played are left out, and a list left empty limits nothing.
      const allowed = this.readMoves(go.searchmoves, 'go searchmoves');
      if (allowed.length === 0) this.report.note('go searchmoves: no legal move listed; searching every move');
      else for (const m of legalMoves(pos)) if (!allowed.includes(m) && !excluded.includes(m)) excluded.push(m);
    }
    if (excluded.length > 0) plan.limits.excluded = excluded;
    const debug = this.options.debug.value;
    if (debug) {
      this.report.note(
        `go limits ${JSON.stringify({ ...plan.limits, overhead: undefined })}${plan.clock === undefined ? '' : `; clock ${plan.clock}`}; threads ${this.client.helperCount + 1}`,
      );
      if (pick !== undefined)
        this.report.note(
          `level ${+level.toFixed(2)}: a move drawn among ${plan.limits.multipv} lines, temperature ${pick.temperature.toFixed(1)} cp`,
        );
      if (plan.hardStop !== undefined) this.report.note(`go hard stop after ${plan.hardStop} ms`);
    }
    const id = this.client.search({ fen: this.root.fen, moves: this.root.moves }, plan.limits, debug, pick);
    if (id === null) this.report.note(`no search available (${this.client.unavailable ?? 'unknown reason'}); answering with a legal move`);
    this.ledger.open(id, { pos, excluded, plan, pondering: go.ponder, drawOffered: go.draw });
    // Nobody is left to stop an endless search.
    if (this.input.ended) this.ledger.stopEndless(false);
  }

  private async probe(text: PositionText | null, error: string | undefined): Promise<void> {
    if (error !== undefined) {
      this.report.note(error);
      return this.out.line('pophash');
    }
    let target: BuiltPosition = this.root;
    if (text !== null) {
      const r = setupPosition(text, 'probe', (t) => this.dialect.readMove(t));
      for (const w of r.warnings) this.report.note(w);
      if (!r.ok) {
        this.report.note(r.error);
        return this.out.line('pophash');
      }
      target = r.built;
    }
    if (this.client.busy) {
      this.report.note('probe while searching: the hash table is in use, so no entry is reported');
      return this.out.line('pophash');
    }
    const entry = await this.client.probe({ fen: target.fen, moves: target.moves }, PROBE_TIMEOUT_MS);
    this.out.line(pophashLine(target.pos, entry));
  }

  private async quit(): Promise<void> {
    // A search still running is stopped and answered first, as Stockfish-family engines do.
    this.ledger.stopAll();
    this.client.quit();
    await this.ledger.allAnswered();
    const bye = this.dialect.bye();
    if (bye !== null) this.out.line(bye);
    await this.finish();
  }

  private async finish(): Promise<void> {
    if (this.finished) return;
    this.finished = true;
    this.input.stop();
    this.ledger.close();
    this.client.terminate();
    await this.out.flush();
    this.resolveDone();
  }
}
