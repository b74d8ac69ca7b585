// `chuhan match`: engine-vs-engine matches and round robins for UCCI and UCI engines, refereed by
// the rules core. The command line is read in options.ts (`chuhan match --help`).
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { CommanderError } from 'commander';
import { moveToIccs, parseFen } from '../../engine/index';
import { describeLimit, formatTimeControl } from './clock';
import { EngineProcess, EngineStartError } from '../engine-process';
import { scoreValue } from './adjudication';
import { goCommand } from './go-command';
import type { GameOutcome } from './game';
import { Match } from './match';
import { openingsFromBytes, shuffled, startOpening, type Opening } from './openings';
import { matchCommand, matchOptions, mergeOptions, UsageError, type MatchOptions } from './options';
import { PreflightError, checkEngines, checkOutputs, fairnessWarnings, locate } from './preflight';
import { runMerge } from './merge';
import { matchIdentity, programHash, sha256File } from './identity';
import { shardGames } from './shard';
import { progressBar, progressLine, summaryText } from './progress';
import { formatGame, pgnDate, toRecord, type RecordMeta } from './record';
import { resumeMatch } from './resume';
import { writeFileAtomic } from './checkpoint';
import { makeSchedule, pairings, type ScheduledGame } from './schedule';
import { Tally } from './summary';

function loadOpenings(o: MatchOptions): Opening[] {
  if (!o.openings) return [startOpening()];
  const list = openingsFromBytes(new Uint8Array(readFileSync(o.openings)), o.openings);
  if (list.length === 0) throw new Error(`${o.openings} has no openings`);
  return o.seed === undefined ? list : shuffled(list, o.seed);
}

/** `--check-openings`: the first engine's view of each opening's position. */
async function checkOpenings(o: MatchOptions, openings: Opening[], out: (line: string) => void): Promise<void> {
  const engine = new EngineProcess(o.engines[0], o.timeouts);
  await engine.start();
  const limit = o.limit.kind === 'clock' ? ({ kind: 'movetime', ms: 1000 } as const) : o.limit;
  try {
    for (const op of openings) {
      await engine.newGame();
      const pos = parseFen(op.fen);
      for (const m of op.moves) pos.make(m);
      const r = await engine.go(
        op.fen,
        op.moves.map(moveToIccs),
        goCommand(engine.config.proto, { limit, redToMove: pos.side === 0, nodes: engine.config.nodes }),
        o.timeouts.hang,
      );
      if (r.kind !== 'move') throw new Error(`${engine.config.name} gave no move for line ${op.line} (${r.kind})`);
      // Scores from Red's point of view.
      const s = r.score === undefined ? NaN : scoreValue(r.score) * (pos.side === 0 ? 1 : -1);
      out(`${Number.isNaN(s) ? '?' : (s >= 0 ? '+' : '') + s}\tdepth ${r.depth ?? '?'}\tline ${op.line}\t${op.name}`);
    }
  } finally {
    await engine.quit();
  }
}

/**
 * Runs `chuhan match` with command-line arguments (or parsed options). Progress goes to `err`
 * (default: stderr), the final summary to `out`. Resolves to the exit code.
 */
export async function runMatchCli(
  argv: readonly string[] | MatchOptions,
  out: (line: string) => void,
  errOut?: (text: string) => void,
): Promise<number> {
  const err = errOut ?? ((t: string) => void process.stderr.write(t));
  let o: MatchOptions;
  if (Array.isArray(argv)) {
    // commander prints its own errors (an unknown option, a missing value) and the help; the
    // runner's own refusals name the problem, then give the help.
    const cmd = matchCommand().configureOutput({ writeOut: (t) => out(t.replace(/\n$/, '')), writeErr: err });
    try {
      cmd.parse(argv as string[], { from: 'user' });
      if (cmd.opts<{ merge?: boolean }>().merge === true) return runMerge(mergeOptions(cmd), out, err);
      o = matchOptions(cmd);
    } catch (e) {
      if (e instanceof CommanderError) return e.exitCode === 0 ? 0 : 2;
      if (e instanceof UsageError) {
        err(`chuhan match: ${e.message}\n${cmd.helpInformation()}`);
        return 2;
      }
      throw e;
    }
  } else {
    o = argv as MatchOptions;
  }

  let openings: Opening[];
  try {
    openings = loadOpenings(o);
    if (!o.checkOpenings) checkOutputs(o);
  } catch (e) {
    err(`chuhan match: ${e instanceof Error ? e.message : e}\n`);
    return 2;
  }
  let idNames: string[];
  try {
    const checked = await checkEngines(o);
    idNames = checked.idNames;
    for (const w of checked.warnings) err(`chuhan match: warning: ${w}\n`);
  } catch (e) {
    if (!(e instanceof PreflightError)) throw e;
    err(`chuhan match: ${e.message}\n`);
    return 1;
  }
  if (!o.checkOpenings) for (const w of fairnessWarnings(o, availableParallelism(), idNames)) err(`chuhan match: warning: ${w}\n`);
  if (o.checkOpenings) {
    try {
      await checkOpenings(o, openings, out);
      return 0;
    } catch (e) {
      err(`chuhan match: ${e instanceof Error ? e.message : e}\n`);
      return 1;
    }
  }

  const names = o.engines.map((e) => e.name);
  const pairList = pairings(o.engines.length);
  const fullSchedule = makeSchedule(o.engines.length, o.games, openings.length);
  const schedule = o.shard ? shardGames(fullSchedule, pairList.length, o.shard) : fullSchedule;
  const inShard = new Set(schedule.map((g) => g.index));
  const meta: RecordMeta = {
    event: o.event,
    site: 'Chuhan match runner',
    date: pgnDate(),
    timeControl: describeLimit(o.limit),
    clocks: ownClocks(o),
    names,
    openingNames: openings.map((op) => op.name),
  };
  // What a summary is checked against on --resume and --merge (the program files are hashed only
  // for a summary file).
  const identity = o.json
    ? matchIdentity(
        o,
        meta.timeControl,
        { sha256: o.openings ? sha256File(o.openings) : null, count: openings.length },
        o.engines.map((e) => programHash(() => locate(e))),
        fullSchedule.length,
      )
    : null;
  const tally = new Tally(names, pairList, o.sprt);
  const done = new Set<number>();
  let resumed = 0;
  if (o.resume) {
    try {
      const state = resumeMatch({ pgn: o.pgn, json: o.json }, identity, o.shard ?? null, fullSchedule, names);
      for (const w of state.warnings) err(`chuhan match: ${w}\n`);
      const stray = state.records.find((r) => !inShard.has(r.game.index));
      if (stray)
        throw new Error(
          `cannot resume from ${state.source}: round ${stray.game.index + 1} is not a game of shard ${o.shard!.k}/${o.shard!.n}`,
        );
      for (const r of state.records) {
        tally.add(r);
        done.add(r.game.index + 1);
      }
      state.figures?.forEach((f, i) => tally.addFigures(i, f));
      resumed = state.records.length;
      if (resumed > 0) err(`chuhan match: resuming ${state.source}: ${resumed} of ${schedule.length} games already played\n`);
    } catch (e) {
      err(`chuhan match: ${e instanceof Error ? e.message : e}\n`);
      return 1;
    }
  } else if (o.pgn) {
    writeFileSync(o.pgn, '');
  }
  const tty = process.stderr.isTTY === true && errOut === undefined;
  const total = schedule.length;
  if (!o.quiet) {
    let limit = o.defaultLimit ? `${meta.timeControl} (the default; give --tc, --movetime, --depth or --nodes)` : meta.timeControl;
    const own = o.engines.filter((e) => e.tc).map((e) => `${e.name} ${formatTimeControl(e.tc!)}`);
    if (own.length > 0) limit += ` (own clock: ${own.join(', ')})`;
    const shard = o.shard ? `, shard ${o.shard.k}/${o.shard.n} (${total} of ${fullSchedule.length} games)` : '';
    err(`chuhan match: ${total - resumed} game(s) to play, ${names.join(' vs ')}, limit ${limit}, ${o.concurrency} at a time${shard}\n`);
    if (o.shard && o.sprt) err(`chuhan match: a shard plays all its games; the SPRT is decided by --merge over every shard\n`);
  }
  const sprtDecided = () => {
    if (o.shard) return null;
    const s = tally.sprt(0);
    return s?.decision ? `SPRT ${s.decision} accepted (LLR ${s.llr.toFixed(3)})` : null;
  };
  // The summary, written after every game and at the end (see checkpoint.ts).
  const summary = () =>
    tally.toJson({
      event: o.event,
      date: meta.date,
      limit: meta.timeControl,
      engineSpecs: o.engines.map((e) => ({
        name: e.name,
        cmd: e.cmd,
        args: e.args,
        proto: e.proto,
        options: Object.fromEntries(e.options),
        ponder: e.ponder === true,
        ...(e.tc ? { tc: formatTimeControl(e.tc) } : {}),
      })),
      openings: o.openings ?? null,
      openingCount: openings.length,
      planned: total,
      resumed,
      concurrency: o.concurrency,
      adjudication: o.adjudication,
      margin: o.margin,
      stoppedBy: match.stopReason,
      pgn: o.pgn ?? null,
      shard: o.shard ?? null,
      gamesTotal: fullSchedule.length,
      identity,
    });
  const writeSummary = (file: string, json: Record<string, unknown>) => writeFileAtomic(file, JSON.stringify(json, null, 2) + '\n');

  const match = new Match({
    engines: o.engines,
    openings,
    schedule,
    done,
    settings: { limit: o.limit, margin: o.margin, adjudication: o.adjudication, maxPlies: o.maxPlies, hangTimeout: o.timeouts.hang },
    timeouts: o.timeouts,
    concurrency: o.concurrency,
    // Until the first result, say which games are under way (a game at 10 s + 0.1 s lasts a minute).
    onStart: (game: ScheduledGame) => {
      if (!o.quiet && tally.played === 0)
        err(
          `${tty ? '\r\x1b[K' : ''}chuhan match: game #${game.index + 1} started, ${names[game.red]} (red) - ${names[game.black]} (black)\n`,
        );
    },
    onGame: (game: ScheduledGame, outcome: GameOutcome) => {
      tally.add(toRecord(game, outcome));
      // The PGN first: a kill between the two leaves the PGN one game ahead, which a resume takes.
      if (o.pgn) appendFileSync(o.pgn, formatGame(game, outcome, meta, o.pgnFormat));
      if (o.json) writeSummary(o.json, summary());
      if (!o.quiet) {
        const line = progressLine(tally, total, game, outcome);
        err(tty ? `\r\x1b[K${line}\n${progressBar(tally.played, total)}` : `${line}\n`);
      }
      return sprtDecided();
    },
  });
  const already = sprtDecided();
  if (already) {
    err(`chuhan match: the games already played decide the ${already}; nothing to play\n`);
    match.stop(already);
  }
  const onSigint = () => match.abort('interrupted');
  process.once('SIGINT', onSigint);
  let failure: unknown = null;
  try {
    if (!already) await match.play();
  } catch (e) {
    failure = e;
    match.abort(`error: ${e instanceof Error ? e.message : e}`);
  } finally {
    process.removeListener('SIGINT', onSigint);
  }
  if (tty && !o.quiet) err('\r\x1b[K');

  const json = summary();
  if (o.json) writeSummary(o.json, json);
  for (const line of summaryText(json, tally)) out(line);
  if (match.stopReason) out(`stopped: ${match.stopReason}`);
  if (failure) {
    err(
      `chuhan match: ${failure instanceof EngineStartError ? failure.message : failure instanceof Error ? (failure.stack ?? failure.message) : failure}\n`,
    );
    return 1;
  }
  if (match.stopReason === 'interrupted') return 130;
  return match.stopReason && /failed to start|error/.test(match.stopReason) ? 1 : 0;
}

/** Each engine's clock, by engine index, when one has its own (`tc=`); else undefined. */
function ownClocks(o: MatchOptions): string[] | undefined {
  const limit = o.limit;
  if (limit.kind !== 'clock' || !o.engines.some((e) => e.tc)) return undefined;
  return o.engines.map((e) => formatTimeControl(e.tc ?? limit.tc));
}
