// The messages a user reads: each `info string` the protocol writes about bad or surprising input,
// once, word for word, with the line that causes it (in process, test/session-harness.ts). Other
// protocol tests assert what a command did (the parsed Command, the search's limits, an option's
// value) and at most that a message was written, so that rewording a message changes this table
// only. Debug output (`debug on`) is not in it: it is a trace, not a message.
import { describe, expect, it } from 'vitest';
import { START_FEN } from '../engine/index';
import { inProcess, type HarnessOptions, type InProcessEngine } from './session-harness';

const START_BOARD = START_FEN.split(' ')[0];

/** Horses out and back: a legal 4-ply cycle repeated to any length. */
function shuffle(plies: number): string[] {
  const cycle = ['b0c2', 'b9c7', 'c2b0', 'c7b9'];
  return Array.from({ length: plies }, (_, i) => cycle[i % 4]);
}

interface Row {
  /** What the user did (the test's name). */
  what: string;
  dialect: 'ucci' | 'uci';
  lines: string[];
  /** Lines read while the search started by `lines` runs. */
  during?: string[];
  /** The messages, in order (every `info string` the lines caused). */
  messages: string[];
  options?: HarnessOptions;
}

const ROWS: Row[] = [
  // Commands.
  { what: 'an unknown command', dialect: 'ucci', lines: ['xyzzy 1 2 3'], messages: ["unknown command 'xyzzy'"] },
  { what: 'words after the handshake', dialect: 'uci', lines: ['uci now'], messages: ["uci: ignored the extra words 'now'"] },
  { what: 'debug with a bad word', dialect: 'ucci', lines: ['debug maybe'], messages: ["debug: expected on or off, got 'maybe'"] },
  {
    what: 'ponderhit with no ponder search',
    dialect: 'ucci',
    lines: ['ponderhit'],
    messages: ['ponderhit without a ponder search; ignored'],
  },
  {
    what: 'ponderhit with a word other than draw',
    dialect: 'uci',
    lines: ['ponderhit now'],
    messages: ["ponderhit: ignored 'now' (only 'draw' may follow)", 'ponderhit without a ponder search; ignored'],
  },
  // setoption.
  { what: 'setoption alone', dialect: 'ucci', lines: ['setoption'], messages: ['setoption: missing the option name'] },
  { what: 'setoption name alone', dialect: 'uci', lines: ['setoption name'], messages: ['setoption name: missing the option name'] },
  { what: 'an unknown option in UCI', dialect: 'uci', lines: ['setoption name Hsah value 64'], messages: ['No such option: Hsah'] },
  { what: 'an unknown option in UCCI (GUIs send their own)', dialect: 'ucci', lines: ['setoption guiname XQWizard'], messages: [] },
  {
    what: 'a number out of range (UCCI)',
    dialect: 'ucci',
    lines: ['setoption moveoverhead -5'],
    messages: ['option moveoverhead value -5 is out of range 0..5000; using 0'],
  },
  {
    what: 'a number out of range (UCI)',
    dialect: 'uci',
    lines: ['setoption name Move Overhead value 9999'],
    messages: ['option Move Overhead value 9999 is out of range 0..5000; using 5000'],
  },
  {
    what: 'Threads beyond the cores',
    dialect: 'ucci',
    lines: ['setoption threads 99'],
    messages: [
      'Threads 99 is more than the 2 logical processors of this machine: the threads take turns on them, and each searches slower',
    ],
    options: { cores: 2 },
  },
  {
    what: 'hashsize below 0 (UCCI 0 is the default)',
    dialect: 'ucci',
    lines: ['setoption hashsize -3'],
    messages: ['option hashsize value -3 is out of range 0..65536; using 0, which means the default, 64 MB'],
  },
  {
    what: 'Hash 0 in UCI',
    dialect: 'uci',
    lines: ['setoption name Hash value 0'],
    messages: ['option Hash value 0 is out of range 1..65536; using 1'],
  },
  {
    what: 'a number that is not one',
    dialect: 'ucci',
    lines: ['setoption hashsize abc'],
    messages: ["option hashsize expects an integer, got 'abc'; left at 64"],
  },
  {
    what: 'a check option with a bad word',
    dialect: 'ucci',
    lines: ['setoption ponder maybe'],
    messages: ["option ponder expects true or false, got 'maybe'; left at false"],
  },
  {
    what: 'a combo option with a bad word',
    dialect: 'ucci',
    lines: ['setoption randomness wild'],
    messages: ["option randomness expects one of none, tiny, small, medium, large, huge, got 'wild'; left at none"],
  },
  {
    what: 'UCI_Variant xiangqi switches to ranks 1-10',
    dialect: 'uci',
    lines: ['setoption name UCI_Variant value xiangqi'],
    messages: ['UCI_Variant xiangqi: moves now use ranks 1-10 (setoption name Ranks value 0-9 for ranks 0-9)'],
  },
  {
    what: 'Threads where memory cannot be shared (a page that is not cross-origin isolated)',
    dialect: 'uci',
    lines: ['setoption name Threads value 3'],
    messages: [
      'Threads 3: several threads need SharedArrayBuffer, which a browser gives only to a cross-origin-isolated page; searching with 1 thread',
    ],
    options: { cores: 4, shared: false },
  },
  {
    what: 'EvalFile naming no file',
    dialect: 'uci',
    lines: ['setoption name EvalFile value /nonexistent/net.nnue'],
    messages: ['EvalFile /nonexistent/net.nnue: no such file; still using the built-in network'],
  },
  // position.
  { what: 'position alone', dialect: 'ucci', lines: ['position'], messages: ["position: missing 'startpos' or 'fen <FEN>'"] },
  { what: 'position fen alone', dialect: 'ucci', lines: ['position fen'], messages: ['position fen: missing the FEN'] },
  {
    what: 'position with another word',
    dialect: 'ucci',
    lines: ['position sideways'],
    messages: ["position: expected 'startpos' or 'fen', got 'sideways'"],
  },
  {
    what: 'a FEN with two ranks',
    dialect: 'ucci',
    lines: ['position fen rnbakabnr/9 w'],
    messages: ['position: invalid FEN (FEN board has 2 ranks, expected 10); the position is unchanged'],
  },
  {
    what: 'a FEN without kings',
    dialect: 'ucci',
    lines: ['position fen 9/9/9/9/9/9/9/9/9/9 w'],
    messages: ['position: invalid FEN (FEN has no red king, expected one); the position is unchanged'],
  },
  {
    what: 'words between startpos and moves',
    dialect: 'ucci',
    lines: ['position startpos junk moves h2e2'],
    messages: ["position startpos: ignored 'junk' before 'moves'"],
  },
  {
    what: 'a FEN without the word fen',
    dialect: 'ucci',
    lines: [`position ${START_FEN}`],
    messages: ["position: read 'rnbakabnr/9/1c5c1/p1...' as a FEN (the word 'fen' is missing)"],
  },
  {
    what: 'a FEN field that is not one',
    dialect: 'ucci',
    lines: [`position fen ${START_BOARD} w xyz`],
    messages: ["FEN field 'xyz' ignored"],
  },
  {
    what: 'a half-move clock over 120',
    dialect: 'ucci',
    lines: [`position fen ${START_BOARD} w - - 200 1`],
    messages: ['FEN half-move clock 200 is over 120; using 0'],
  },
  {
    what: 'a move number of 0',
    dialect: 'ucci',
    lines: [`position fen ${START_BOARD} w - - 0 0`],
    messages: ['FEN move number 0 is out of range 1..100000; using 1'],
  },
  {
    what: 'an illegal move in the list',
    dialect: 'ucci',
    lines: ['position startpos moves h2e2 h9g7 a0a5 b0c2'],
    messages: ["position: move 3 'a0a5' is not a legal move in this position; kept the 2 move(s) before it"],
  },
  {
    what: 'a word that is no move in the list',
    dialect: 'ucci',
    lines: ['position startpos moves h2e2 zz99 h9g7'],
    messages: ["position: move 2 'zz99' is not an ICCS move (like h2e2); kept the 1 move(s) before it"],
  },
  {
    what: 'more moves than the history holds',
    dialect: 'ucci',
    lines: [`position startpos moves ${shuffle(9000).join(' ')}`],
    messages: ['position: more than 7168 moves; kept the first 7168'],
  },
  {
    what: 'banmoves with a move that is not legal',
    dialect: 'ucci',
    lines: ['banmoves zz'],
    messages: ["banmoves: 'zz' is not a legal move here; ignored"],
  },
  {
    what: 'banmoves with many moves that are not legal: one message',
    dialect: 'ucci',
    lines: [`banmoves h2e2 ${'zz '.repeat(2000)}a0a1 b9b0`],
    messages: ["banmoves: 'zz', 'zz', 'zz' and 1,998 more are not legal moves here; ignored"],
  },
  // go.
  {
    what: 'go depth with no number',
    dialect: 'ucci',
    lines: ['position startpos', 'go depth banana'],
    messages: ["go: 'depth' needs a number, got 'banana'; ignored", 'go: no readable depth; searching depth 1'],
  },
  {
    what: 'go with no usable limit',
    dialect: 'uci',
    lines: ['position startpos', 'go wtime banana'],
    messages: ["go: 'wtime' needs a number, got 'banana'; ignored", 'go: no usable limit; searching 1000 ms'],
  },
  {
    what: 'go with an unknown word',
    dialect: 'ucci',
    lines: ['position startpos', 'go fast depth 1'],
    messages: ["go: unknown word 'fast' ignored"],
  },
  {
    what: 'go with many unusable words: four messages and a count',
    dialect: 'ucci',
    lines: ['position startpos', `go a b depth c ${'x '.repeat(5000)}depth 1`],
    messages: [
      "go: unknown word 'a' ignored",
      "go: unknown word 'b' ignored",
      "go: 'depth' needs a number, got 'c'; ignored",
      "go: unknown word 'x' ignored",
      'go: 4,999 more unusable words ignored',
    ],
  },
  {
    what: 'go depth beyond the deepest',
    dialect: 'ucci',
    lines: ['position startpos', 'go depth 500', 'stop'],
    messages: ['go: depth 500 is out of range 0..100; using 100'],
  },
  {
    what: 'go perft deeper than the protocol counts',
    dialect: 'uci',
    lines: ['position fen 4k4/9/9/9/9/9/9/9/9/3K5 w', 'go perft 9'],
    messages: ['go: perft 9 is out of range 0..4; using 4', 'go: deeper counts with the command line: chuhan perft --depth 9'],
  },
  {
    what: "go without the mover's clock",
    dialect: 'uci',
    lines: ['position startpos', 'go btime 1000'],
    messages: ['go: no clock for the side to move (wtime is missing)', 'go: no usable limit; searching 1000 ms'],
  },
  {
    what: 'go with a clock below zero',
    dialect: 'uci',
    lines: ['position startpos', 'go wtime -100 btime 100'],
    messages: ['go: the clock shows -100 ms; playing as fast as possible'],
  },
  {
    what: 'go searchmoves with a move that is not legal',
    dialect: 'ucci',
    lines: ['position startpos', 'go depth 1 searchmoves h2e2 zz'],
    messages: ["go searchmoves: 'zz' is not a legal move here; ignored"],
  },
  {
    what: 'go searchmoves with no legal move',
    dialect: 'uci',
    lines: ['position startpos', 'go depth 1 searchmoves zz a0a5'],
    messages: [
      "go searchmoves: 'zz' and 'a0a5' are not legal moves here; ignored",
      'go searchmoves: no legal move listed; searching every move',
    ],
  },
  {
    what: 'go while a search runs',
    dialect: 'ucci',
    lines: ['position startpos', 'go infinite'],
    during: ['go depth 1'],
    messages: ['go while searching: the current search is stopped and answered first'],
  },
  {
    what: 'go where no search can run',
    dialect: 'uci',
    lines: ['position startpos', 'go depth 3'],
    messages: ['no search available (no worker here); answering with a legal move'],
    options: { unavailable: 'no worker here' },
  },
  // probe.
  {
    what: 'probe with an unreadable position',
    dialect: 'ucci',
    lines: ['probe fen 9/9 w'],
    messages: ['probe: invalid FEN (FEN board has 2 ranks, expected 10); the position is unchanged'],
  },
  {
    what: 'probe while a search runs',
    dialect: 'ucci',
    lines: ['position startpos', 'go infinite'],
    during: ['probe startpos', 'stop'],
    messages: ['probe while searching: the hash table is in use, so no entry is reported'],
  },
];

async function messagesOf(row: Row): Promise<{ messages: string[]; e: InProcessEngine }> {
  const e = await inProcess(row.dialect, { nodeLimit: 5000, ...row.options });
  const from = e.received.length;
  if (row.during !== undefined) e.duringSearch(...row.during);
  e.send(...row.lines);
  // Every search these lines start has answered (a held one is stopped) before the count.
  const gos = row.lines.concat(row.during ?? []).filter((l) => /^go\b/.test(l) && !/perft/.test(l)).length;
  for (let i = 0; i < gos; i++) {
    if (i === gos - 1 && row.lines.some((l) => /infinite/.test(l)) && row.during?.includes('stop') !== true) e.send('stop');
    await e.expect(/^(bestmove|nobestmove)/);
  }
  await e.sync();
  const messages = e.received
    .slice(from)
    .map((r) => r.line)
    .filter((l) => l.startsWith('info string '))
    .map((l) => l.slice('info string '.length));
  return { messages, e };
}

describe('the messages a user reads', () => {
  for (const row of ROWS) {
    it(`${row.what}: ${row.messages.length === 0 ? 'no message' : row.messages.join(' / ')}`, async () => {
      const { messages, e } = await messagesOf(row);
      expect(messages).toEqual(row.messages);
      // The session goes on: it still answers and searches.
      e.send('position startpos', 'go depth 1');
      await e.expect(/^bestmove /);
      await e.quit();
    });
  }

  it('UCCI messages never contain draw or resign (gmchess ends the game on either)', async () => {
    const { messages } = await messagesOf({
      what: '',
      dialect: 'ucci',
      lines: ['drawresign', 'setoption randomness resign'],
      messages: [],
    });
    expect(messages).toHaveLength(2);
    for (const m of messages) expect(m).not.toMatch(/draw|resign/i);
  });
});
