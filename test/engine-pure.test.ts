// engine/ must run in a browser or a worker: no Node modules, no Node globals.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ENGINE = join(__dirname, '..', 'engine');
const NODE_ONLY = /from\s+['"](node:|fs|path|os|child_process|worker_threads|readline|process)['"]|\brequire\(|\bprocess\.|\bBuffer\b|__dirname/;

describe('engine/ is pure TypeScript', () => {
  for (const file of readdirSync(ENGINE).filter((f) => f.endsWith('.ts'))) {
    it(`${file} uses nothing from Node`, () => {
      const offending = readFileSync(join(ENGINE, file), 'utf8')
        .split('\n')
        .filter((line) => !line.trim().startsWith('//') && NODE_ONLY.test(line));
      expect(offending).toEqual([]);
    });
  }
});
