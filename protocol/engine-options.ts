// The engine's options, each declared once with its two spellings (UCCI `hashsize`, UCI `Hash`),
// its range and default, and its effect, which the session supplies (OptionEffects). Options
// without an effect are read where they apply: the clock and search limits (search-plan.ts), the
// reply (reply-ledger.ts), batch, debug and the strength level (session.ts); Ponder only tells the
// GUI it may send `go ponder`.
// With CHUHAN_TUNE=1 the search's tunable parameters follow (tune-options.ts).
import { USE_NNUE_DEFAULT } from '../engine/network';
import { MOVE_OVERHEAD } from '../engine/search-params';
import { FULL_STRENGTH, HIGHEST_ELO, LOWEST_ELO } from '../engine/skill';
import { DEFAULT_HASH_MB, MAX_TABLE_BYTES } from '../engine/tt';
import { RANDOMNESS_CP } from './search-plan';
import { ButtonOption, CheckOption, ComboOption, OptionRegistry, SpinOption, StringOption } from './option';
import { addTunableOptions } from './tune-options';

/** EvalFile's value for the network built into the executable. */
export const EMBEDDED_NETWORK = '<embedded>';
/**
 * The largest table the engine can address (64 GB), announced on every machine: a size beyond the
 * machine's memory, or one that cannot be allocated, is refused when set (search-client.ts).
 */
export const MAX_HASH_MB = MAX_TABLE_BYTES / 2 ** 20;
/**
 * Most search threads (the cores of the largest servers), announced on every machine; beyond the
 * machine's logical processors the session warns and searches with them all the same.
 */
export const MAX_THREADS = 256;

/**
 * The UCCI options (and the UCI spellings of the same) that are accepted and do nothing: opening
 * books, and the UCCI 3.0 settings of ElephantEye that Chuhan has no use for. setoption takes
 * them quietly, and no handshake announces them, so that no GUI shows them as if they worked.
 */
export const IGNORED_OPTIONS: readonly string[] = [
  'usebook',
  'OwnBook',
  'bookfiles',
  'BookFile',
  'promotion',
  'idle',
  'pruning',
  'knowledge',
  'style',
];

/** What setting an option does in the session, beyond storing its value. */
export interface OptionEffects {
  /** Hash: a new table of this many MB for the next searches; or why it cannot be had (the old one stays). */
  resizeHash(mb: number): string | undefined;
  /** Threads: start or end helper threads. */
  setThreads(threads: number): void;
  /** Use NNUE and EvalFile: hand the evaluation to the search; returns the network file in use. */
  setEvaluation(useNetwork: boolean, file: string): string;
  /** Clear Hash (UCCI newgame): a new game. */
  newGame(): void;
  /** UCI_Variant and Ranks: the ranks of UCI moves changed (with a note to write, or null). */
  ranksChanged(note: string | null): void;
  /** A tunable search parameter: every current value, for the search. */
  setParams(values: Record<string, number>): void;
}

/** The engine's options, with the session's effects. */
export function engineOptions(fx: OptionEffects) {
  const registry = new OptionRegistry();
  const evaluation = (): void => {
    evalfile.value = fx.setEvaluation(usennue.value, evalfile.value);
  };
  const options = {
    usemillisec: registry.add(new CheckOption({ ucci: 'usemillisec', uci: null }, true)),
    hash: registry.add(
      new SpinOption(
        { ucci: 'hashsize', uci: 'Hash' },
        DEFAULT_HASH_MB,
        { min: 0, uciMin: 1, max: MAX_HASH_MB, zeroMeansDefault: true, unit: ' MB' },
        fx.resizeHash,
      ),
    ),
    threads: registry.add(
      new SpinOption(
        { ucci: 'threads', uci: 'Threads' },
        1,
        { min: 0, uciMin: 1, max: MAX_THREADS, zeroMeansDefault: true },
        fx.setThreads,
      ),
    ),
    ponder: registry.add(new CheckOption({ ucci: 'ponder', uci: 'Ponder' }, false)),
    multipv: registry.add(new SpinOption({ ucci: null, uci: 'MultiPV' }, 1, { min: 1, max: 64 })),
    overhead: registry.add(new SpinOption({ ucci: 'moveoverhead', uci: 'Move Overhead' }, MOVE_OVERHEAD, { min: 0, max: 5000 })),
    // gmchess ends the game on any output containing the word "resign": not announced in UCCI.
    resign: registry.add(new CheckOption({ ucci: 'resign', uci: null, unannouncedInUcci: true }, false)),
    debug: registry.add(new CheckOption({ ucci: 'debug', uci: null }, false)),
    batch: registry.add(new CheckOption({ ucci: 'batch', uci: null }, false)),
    randomness: registry.add(
      new ComboOption({ ucci: 'randomness', uci: null, aliases: ['selectivity'] }, 'none', Object.keys(RANDOMNESS_CP)),
    ),
    // Strength levels (engine/skill.ts), as Stockfish and Pikafish offer them: Skill Level 0-20
    // (20 is full strength), or UCI_Elo when UCI_LimitStrength is on, which overrides Skill Level.
    skill: registry.add(new SpinOption({ ucci: 'skilllevel', uci: 'Skill Level' }, FULL_STRENGTH, { min: 0, max: FULL_STRENGTH })),
    limitstrength: registry.add(new CheckOption({ ucci: 'limitstrength', uci: 'UCI_LimitStrength' }, false)),
    elo: registry.add(new SpinOption({ ucci: 'elo', uci: 'UCI_Elo' }, LOWEST_ELO, { min: LOWEST_ELO, max: HIGHEST_ELO })),
    newgame: registry.add(new ButtonOption({ ucci: 'newgame', uci: 'Clear Hash' }, fx.newGame)),
    // `wdl W D L` in info lines (engine/wdl.ts), off by default as in Pikafish; UCCI has no such
    // option of its own, so a UCCI GUI asks for it by the same name without the prefix.
    showwdl: registry.add(new CheckOption({ ucci: 'showwdl', uci: 'UCI_ShowWDL' }, false)),
    usennue: registry.add(new CheckOption({ ucci: 'usennue', uci: 'Use NNUE' }, USE_NNUE_DEFAULT, evaluation)),
    evalfile: registry.add(new StringOption({ ucci: 'evalfile', uci: 'EvalFile' }, EMBEDDED_NETWORK, evaluation)),
    // Setting UCI_Variant to xiangqi chooses ranks 1-10, since only Fairy-Stockfish-style GUIs send it.
    variant: registry.add(
      new ComboOption(
        { ucci: null, uci: 'UCI_Variant' },
        'xiangqi',
        ['xiangqi'],
        () => {
          if (ranks.value === '1-10') return;
          ranks.value = '1-10';
          fx.ranksChanged('UCI_Variant xiangqi: moves now use ranks 1-10 (setoption name Ranks value 0-9 for ranks 0-9)');
        },
        true,
      ),
    ),
    // UCI moves with ranks 0-9 (Pikafish) or 1-10 (Fairy-Stockfish's plain UCI, cutechess).
    ranks: registry.add(new ComboOption({ ucci: null, uci: 'Ranks' }, '0-9', ['0-9', '1-10'], () => fx.ranksChanged(null))),
  };
  const { usennue, evalfile, ranks } = options;
  registry.ignore(IGNORED_OPTIONS);
  addTunableOptions(registry, fx.setParams);
  return { ...options, registry };
}

export type EngineOptions = ReturnType<typeof engineOptions>;
