// Reading perft EPD files: `FEN;D1 n;D2 n;...`, '#' comment lines and blank lines ignored.

interface PerftEntry {
  fen: string;
  /** Line number in the file (1-based), for messages. */
  line: number;
  counts: Array<{ depth: number; nodes: number }>;
}

export function parsePerftEpd(text: string): PerftEntry[] {
  const entries: PerftEntry[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const [fen, ...fields] = line.split(';');
    const counts: Array<{ depth: number; nodes: number }> = [];
    for (const f of fields) {
      const m = /^\s*D(\d+)\s+(\d+)\s*$/.exec(f);
      if (!m) throw new Error(`line ${i + 1}: '${f.trim()}' is not a perft count like 'D3 79666'`);
      counts.push({ depth: Number(m[1]), nodes: Number(m[2]) });
    }
    entries.push({ fen: fen.trim(), line: i + 1, counts });
  });
  return entries;
}
