// The evaluation the search uses, set by the options Use NNUE (usennue) and EvalFile: the
// hand-written one, or a network, the built-in one or one read from a file. A file is read and
// checked here before the search gets it; one that cannot be used is reported, and the network in
// use stays. `eval` reports both evaluations of the current position.
import type { Position } from '../engine/index';
import { embeddedNetwork } from '../engine/network';
import { kingBucketCount, type Network } from '../engine/nnue-format';
import { NnueEvaluator } from '../engine/nnue';
import { EMBEDDED_NETWORK } from './engine-options';
import { evalLines } from './inspect';
import { clip, type Report } from './report';
import type { SearchClient } from './search-client';
import type { SessionHost } from './session-host';

export class EvaluationSetting {
  /** The network file the search has (EMBEDDED_NETWORK for the built-in one), its network and bytes. */
  private file = EMBEDDED_NETWORK;
  private network: Network | null = null;
  private bytes: Uint8Array | null = null;

  constructor(
    private readonly host: SessionHost,
    private readonly client: SearchClient,
    private readonly report: Report,
    /** Does the search evaluate with the network? */
    private useNetwork: boolean,
  ) {
    if (useNetwork) client.setEvaluation(true, null);
  }

  /** Hands the evaluation to the search; returns the network file in use (`file`, unless it cannot be used). */
  set(useNetwork: boolean, file: string): string {
    if (file !== this.file) {
      if (file === EMBEDDED_NETWORK) {
        this.network = null;
        this.bytes = null;
        this.file = file;
      } else {
        const r = this.host.readNetworkFile(file);
        if ('error' in r) {
          this.report.note(
            `EvalFile ${clip(file, 80)}: ${r.error}; still using ${this.file === EMBEDDED_NETWORK ? 'the built-in network' : clip(this.file, 80)}`,
          );
          if (useNetwork === this.useNetwork) return this.file;
        } else {
          this.network = r.network;
          this.bytes = r.bytes;
          this.file = file;
          const n = r.network;
          const shape = [`${n.hidden} neurons a side`];
          if (n.kingBuckets !== null) shape.push(`${kingBucketCount(n.kingBuckets)} king buckets`);
          if (n.outputBuckets > 1) shape.push(`${n.outputBuckets} output buckets`);
          if (n.description) shape.push(n.description);
          const about = shape.join(', ');
          this.report.note(
            `network ${clip(file, 80)} loaded (${about})${useNetwork ? '' : '; set Use NNUE (usennue) to evaluate with it'}`,
          );
        }
      }
    }
    this.useNetwork = useNetwork;
    this.client.setEvaluation(useNetwork, this.bytes);
    this.report.debug(`evaluation: ${useNetwork ? `network ${this.file}` : 'hand-written'}`);
    return this.file;
  }

  /** `eval`: the hand-written evaluation's terms, then the network's score and which one the search uses. */
  evalLines(pos: Position): string[] {
    const name = this.file === EMBEDDED_NETWORK ? 'the built-in network' : `network ${this.file}`;
    let network: Network;
    try {
      network = this.network ?? embeddedNetwork();
    } catch (err) {
      // A browser worker that could not fetch the built-in network (host/web-worker.ts).
      return [...evalLines(pos), `NNUE evaluation: none (${err instanceof Error ? err.message : String(err)})`];
    }
    const score = new NnueEvaluator(network).evaluate(pos);
    const shown = `${score > 0 ? '+' : ''}${score}`;
    const uses = this.useNetwork ? 'the search uses this one' : 'the search uses the hand-written one above (Use NNUE switches)';
    return [...evalLines(pos), `NNUE evaluation: ${shown} (${name}, the side to move); ${uses}`];
  }
}
