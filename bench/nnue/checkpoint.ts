// The trainer's checkpoint (`--out`.ckpt), written after every epoch and when a training is
// interrupted, read by --resume. Layout (little-endian):
//   0  8 bytes "CHCKPT02"; 8 u32 hidden; 12 u32 epoch; 16 u32 window (of the epoch); 20 u32 batch
//   (of the window) where the training goes on; 24 f64 Adam steps; 32 f64 the epoch's training
//   loss so far (sum); 40 f64 its entries; 48 u32 length L of the identity (JSON, UTF-8); 52 the
//   identity, padded with spaces to a multiple of 4; then params, Adam's m and v as float32.
// The identity is what must not change for the training to go on exactly: the data (each file's
// name, run and positions used), the network size, the seed, the batch, the held-out share, the
// mirror images, the window and the learning-rate schedule.
// Version 1 ("CHCKPT01", before the identity and the position within an epoch) is read too: it
// resumes at the start of its epoch, its identity unknown.
export interface CheckpointState {
  hidden: number;
  epoch: number;
  window: number;
  batch: number;
  step: number;
  lossSum: number;
  lossCount: number;
  /** Null for a version-1 checkpoint. */
  identity: Record<string, unknown> | null;
  params: Float32Array;
  m: Float32Array;
  v: Float32Array;
}

export class CheckpointError extends Error {}

export function encodeCheckpoint(c: CheckpointState): Uint8Array {
  let json = JSON.stringify(c.identity ?? {});
  while (new TextEncoder().encode(json).length % 4 !== 0) json += ' ';
  const id = new TextEncoder().encode(json);
  const n = c.params.length;
  const at = 52 + id.length;
  const out = new Uint8Array(at + 12 * n);
  const dv = new DataView(out.buffer);
  out.set(new TextEncoder().encode('CHCKPT02'), 0);
  dv.setUint32(8, c.hidden, true);
  dv.setUint32(12, c.epoch, true);
  dv.setUint32(16, c.window, true);
  dv.setUint32(20, c.batch, true);
  dv.setFloat64(24, c.step, true);
  dv.setFloat64(32, c.lossSum, true);
  dv.setFloat64(40, c.lossCount, true);
  dv.setUint32(48, id.length, true);
  out.set(id, 52);
  out.set(new Uint8Array(c.params.buffer, c.params.byteOffset, 4 * n), at);
  out.set(new Uint8Array(c.m.buffer, c.m.byteOffset, 4 * n), at + 4 * n);
  out.set(new Uint8Array(c.v.buffer, c.v.byteOffset, 4 * n), at + 8 * n);
  return out;
}

/** Reads a checkpoint of a network with `n` parameters; throws CheckpointError naming the problem. */
export function decodeCheckpoint(bytes: Uint8Array, n: number): CheckpointState {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const magic = new TextDecoder().decode(bytes.subarray(0, 8));
  const floats = (at: number, k: number) => new Float32Array(bytes.slice(at + 4 * n * k, at + 4 * n * (k + 1)).buffer);
  if (magic === 'CHCKPT01') {
    if (bytes.length !== 24 + 12 * n) throw new CheckpointError('a checkpoint of another network size');
    return {
      hidden: dv.getUint32(8, true),
      epoch: dv.getUint32(12, true),
      window: 0,
      batch: 0,
      step: dv.getFloat64(16, true),
      lossSum: 0,
      lossCount: 0,
      identity: null,
      params: floats(24, 0),
      m: floats(24, 1),
      v: floats(24, 2),
    };
  }
  if (magic !== 'CHCKPT02') throw new CheckpointError('not a training checkpoint');
  const len = bytes.length >= 52 ? dv.getUint32(48, true) : -1;
  const at = 52 + len;
  if (len < 0 || len % 4 !== 0 || bytes.length !== at + 12 * n)
    throw new CheckpointError('a checkpoint of another network size, or cut short');
  let identity: Record<string, unknown>;
  try {
    identity = JSON.parse(new TextDecoder().decode(bytes.subarray(52, at))) as Record<string, unknown>;
  } catch {
    throw new CheckpointError('a damaged checkpoint (its identity is not JSON)');
  }
  return {
    hidden: dv.getUint32(8, true),
    epoch: dv.getUint32(12, true),
    window: dv.getUint32(16, true),
    batch: dv.getUint32(20, true),
    step: dv.getFloat64(24, true),
    lossSum: dv.getFloat64(32, true),
    lossCount: dv.getFloat64(40, true),
    identity,
    params: floats(at, 0),
    m: floats(at, 1),
    v: floats(at, 2),
  };
}
