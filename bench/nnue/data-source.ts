// The positions of one or more datagen files as one sequence, read from disk on demand (the
// trainer holds only the records of its shuffle window, see training-order.ts). Files of either
// format version are read; a shard's file (game heads between the games) is refused: merge the
// shards first (`chuhan datagen --merge`).
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { fnv1a } from '../../engine/nnue-format';
import { decodeHeader, HEADER_BYTES, RECORD_BYTES, type DataHeader } from './data-format';

interface SourceFile {
  file: string;
  header: DataHeader;
  /** Positions used from this file (its first ones). */
  used: number;
  /** Index of its first position in the sequence. */
  base: number;
  /** FNV-1a of the header's run fields (bytes 32-63), what a checkpoint compares. */
  run: number;
}

export class DataSource {
  private readonly fds: number[] = [];
  readonly files: SourceFile[] = [];
  readonly size: number;

  /**
   * Opens `paths`, using at most `limit` positions in all, or exactly `counts[i]` of file i (a
   * resumed training uses the positions it started with, although datagen may have added some).
   * Throws an Error naming the file and the problem.
   */
  constructor(paths: readonly string[], limit = Infinity, counts?: readonly number[]) {
    let base = 0;
    try {
      paths.forEach((file, i) => {
        let fd: number;
        try {
          fd = openSync(file, 'r');
        } catch (err) {
          const e = err as NodeJS.ErrnoException;
          throw new Error(`cannot read ${file}: ${e.code === 'ENOENT' ? 'no such file' : e.message}`);
        }
        this.fds.push(fd);
        const head = new Uint8Array(HEADER_BYTES);
        let header: DataHeader;
        try {
          readSync(fd, head, 0, HEADER_BYTES, 0);
          header = decodeHeader(head, fstatSync(fd).size);
        } catch (err) {
          throw new Error(`${file}: ${(err as Error).message}`);
        }
        if (header.shard !== null) {
          throw new Error(
            `${file} is shard ${header.shard.k}/${header.shard.n} of a datagen run; merge the shards (chuhan datagen --merge) and train on the merged file`,
          );
        }
        let used = Math.min(header.positions, Math.max(0, limit - base));
        if (counts !== undefined) {
          if (header.positions < counts[i])
            throw new Error(`${file} holds ${header.positions} positions, fewer than the ${counts[i]} the training started with`);
          used = counts[i];
        }
        this.files.push({ file, header, used, base, run: fnv1a(head, 32, 64) });
        base += used;
      });
    } catch (err) {
      this.close();
      throw err;
    }
    this.size = base;
  }

  /** Copies the records of positions [from, from + count) to `out` at byte `at`. */
  read(from: number, count: number, out: Uint8Array, at = 0): void {
    let p = from;
    let o = at;
    const end = from + count;
    for (let i = 0; i < this.files.length && p < end; i++) {
      const f = this.files[i];
      if (p >= f.base + f.used) continue;
      const n = Math.min(end, f.base + f.used) - p;
      const bytes = n * RECORD_BYTES;
      const pos = HEADER_BYTES + (p - f.base) * RECORD_BYTES;
      let got = 0;
      while (got < bytes) {
        const r = readSync(this.fds[i], out, o + got, bytes - got, pos + got);
        if (r === 0) throw new Error(`${f.file}: ends before position ${p - f.base + got / RECORD_BYTES}, which its header counts`);
        got += r;
      }
      p += n;
      o += bytes;
    }
    if (p < end) throw new Error(`positions ${p} to ${end} are beyond the data (${this.size})`);
  }

  close(): void {
    for (const fd of this.fds.splice(0)) closeSync(fd);
  }
}
