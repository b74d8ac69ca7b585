// `chuhan datagen --pgn`: the data file is byte-identical with and without it, the PGN holds every
// game in order with results that the rules confirm, and continuing keeps the PGN in step with
// the data (cut back when ahead, refused when behind or when the data file is new).
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseFen } from '../engine/index';
import { parsePgn } from '../engine/pgn';
import { judge } from '../engine/rules';
import { decodeHeader, encodeRecord, HEADER_BYTES, RECORD_BYTES } from '../bench/nnue/data-format';
import { builtEngine } from './e2e-engine';

const exec = promisify(execFile);
let exe = '';
let dir = '';
beforeAll(() => {
  exe = builtEngine();
  dir = mkdtempSync(join(tmpdir(), 'chuhan-datagen-pgn-'));
}, 300_000);

const at = (f: string) => join(dir, f);
const SETTINGS = ['--nodes', '300', '--random-plies', '6', '--seed', '5'];

async function datagen(args: string[]): Promise<{ code: number; stderr: string }> {
  try {
    const r = await exec(exe, ['datagen', ...SETTINGS, ...args]);
    return { code: 0, stderr: r.stderr };
  } catch (e) {
    const x = e as { code: number; stderr: string };
    return { code: x.code, stderr: x.stderr };
  }
}

const rounds = (text: string) => [...text.matchAll(/^\[Round "(\d+)"\]/gm)].map((m) => Number(m[1]));

describe('datagen --pgn', { timeout: 300_000 }, () => {
  it('leaves the data file unchanged and writes every game in order, as the rules end them', async () => {
    expect((await datagen(['--out', at('plain.bin'), '--games', '8', '--threads', '1'])).code).toBe(0);
    expect((await datagen(['--out', at('with.bin'), '--pgn', at('with.pgn'), '--games', '8', '--threads', '2'])).code).toBe(0);
    const data = readFileSync(at('with.bin'));
    expect(data.equals(readFileSync(at('plain.bin')))).toBe(true);
    const text = readFileSync(at('with.pgn'), 'utf8');
    expect(rounds(text)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const games = parsePgn(text);
    expect(games).toHaveLength(8);
    // The data's positions are positions of the PGN's games, in order: replaying the games meets
    // every record's board and side to move, one after the other.
    const header = decodeHeader(new Uint8Array(data.subarray(0, HEADER_BYTES)), data.length);
    const scratch = new Uint8Array(RECORD_BYTES);
    let next = 0;
    for (const g of games) {
      const pos = parseFen(g.fen);
      for (const m of g.moves) {
        if (next < header.positions) {
          encodeRecord(scratch, 0, pos.board, pos.side, 0, 0);
          const rec = data.subarray(HEADER_BYTES + next * RECORD_BYTES, HEADER_BYTES + (next + 1) * RECORD_BYTES);
          if (Buffer.from(scratch.subarray(0, 45)).equals(rec.subarray(0, 45)) && (rec[45] & 1) === pos.side) {
            // The record's game result is the PGN's.
            expect(['0-1', '1/2-1/2', '1-0'][rec[45] >> 1]).toBe(g.result);
            next++;
          }
        }
        pos.make(m);
      }
    }
    expect(header.positions).toBeGreaterThan(100);
    expect(next).toBe(header.positions);
    for (const g of games) {
      const term = g.tags.find(([k]) => k === 'Termination')?.[1];
      const pos = parseFen(g.fen);
      for (const m of g.moves) pos.make(m);
      if (term === 'checkmate') {
        expect(judge(pos, { priorOccurrences: 2 }).reason).toBe('checkmate');
        // The side to move is mated.
        expect(g.result).toBe(pos.side === 0 ? '0-1' : '1-0');
      }
    }
  });

  it('continues in step, cuts a PGN that is ahead and refuses one that is behind', async () => {
    await datagen(['--out', at('fresh.bin'), '--pgn', at('fresh.pgn'), '--games', '7', '--threads', '1']);
    const fresh = readFileSync(at('fresh.pgn'), 'utf8');
    // Continued: 4 games, then on to 7.
    await datagen(['--out', at('c.bin'), '--pgn', at('c.pgn'), '--games', '4', '--threads', '1']);
    const r = await datagen(['--out', at('c.bin'), '--pgn', at('c.pgn'), '--games', '7', '--threads', '2']);
    expect(r.code).toBe(0);
    expect(readFileSync(at('c.pgn'), 'utf8')).toBe(fresh);
    expect(readFileSync(at('c.bin')).equals(readFileSync(at('fresh.bin')))).toBe(true);

    const chunks = fresh.split(/(?=^\[Game )/m);
    // Ahead: a 4-game data file with the 7-game PGN is cut back, then continued to 6.
    await datagen(['--out', at('d.bin'), '--games', '4', '--threads', '1']);
    copyFileSync(at('fresh.pgn'), at('d.pgn'));
    const ahead = await datagen(['--out', at('d.bin'), '--pgn', at('d.pgn'), '--games', '6', '--threads', '1']);
    expect(ahead.code).toBe(0);
    expect(ahead.stderr).toMatch(/dropping 3 game\(s\) beyond the data file's 4/);
    expect(readFileSync(at('d.pgn'), 'utf8')).toBe(chunks.slice(0, 6).join(''));

    // Behind: the 7-game data with a 4-game PGN.
    writeFileSync(at('e.pgn'), chunks.slice(0, 4).join(''));
    const behind = await datagen(['--out', at('fresh.bin'), '--pgn', at('e.pgn'), '--games', '9', '--threads', '1']);
    expect(behind.code).toBe(2);
    expect(behind.stderr).toMatch(/e\.pgn holds 4 game\(s\) but .*fresh\.bin holds 7; the PGN cannot be completed/);
    expect(readFileSync(at('e.pgn'), 'utf8')).toBe(chunks.slice(0, 4).join(''));
    // A new data file with a PGN that already holds games.
    const fresh2 = await datagen(['--out', at('new.bin'), '--pgn', at('fresh.pgn'), '--games', '2', '--threads', '1']);
    expect(fresh2.code).toBe(2);
    expect(fresh2.stderr).toMatch(/fresh\.pgn already holds games but .*new\.bin is new/);
    expect(existsSync(at('new.bin'))).toBe(false);
  });
});
