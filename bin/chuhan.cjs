#!/usr/bin/env node
// `npx chuhan`, the command of the npm package: runs dist/chuhan.cjs, the JavaScript bundle inside
// the single executable, on the user's own Node. The same engine on stdin/stdout (UCCI or UCI) and
// the same commands (README, "Commands"); a tool that starts the engine again (match, datagen,
// spsa, analyse) starts it as `node bin/chuhan.cjs`.
'use strict';

const major = Number(process.versions.node.split('.')[0]);
if (major < 20) {
  process.stderr.write(`chuhan needs Node 20 or later; this is Node ${process.versions.node}\n`);
  process.exit(1);
}
try {
  require.resolve('../dist/chuhan.cjs');
} catch {
  // In a clone of the repository rather than the package: the bundle is built, not committed.
  process.stderr.write('chuhan: dist/chuhan.cjs is missing; in a clone of the repository, run `npm run build` first\n');
  process.exit(1);
}
require('../dist/chuhan.cjs');
