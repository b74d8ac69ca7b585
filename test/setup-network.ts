// Every test file's threads start with the built-in network as the command line has it: read from
// nets/chuhan.nnue when first needed (engine/network.ts; in a build, protocol/host/bundled-file.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { provideBuiltInNetwork } from '../engine/network';

provideBuiltInNetwork(() => new Uint8Array(readFileSync(join(__dirname, '..', 'nets', 'chuhan.nnue'))));
