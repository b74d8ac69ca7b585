// The trainer's learning rate.
//   step    lr * gamma^epoch, fixed through an epoch (the trainer's rate from the start: the same
//           options give the same networks as before)
//   cosine  from lr down to lrMin along half a cosine over all the epochs, batch by batch
//           (lr at the start, lrMin at the end of the last epoch; depends on --epochs)
// Either with a warm-up: the first `warmup` batches (Adam steps) climb linearly to the rate.
export type LrScheduleKind = 'step' | 'cosine';
export const LR_SCHEDULES: readonly LrScheduleKind[] = ['step', 'cosine'];

interface LrSchedule {
  lr: number;
  gamma: number;
  schedule: LrScheduleKind;
  /** Batches of linear warm-up (0: none). */
  warmup: number;
  /** Cosine: the rate at the end. */
  lrMin: number;
  epochs: number;
}

/**
 * The rate of Adam step `step` (1-based, counted over the whole training), taken in epoch `epoch`
 * (0-based) after `done` of its `entries` entries.
 */
export function learningRate(s: LrSchedule, epoch: number, done: number, entries: number, step: number): number {
  let lr: number;
  if (s.schedule === 'step') lr = s.lr * Math.pow(s.gamma, epoch);
  else {
    const t = Math.min(1, (epoch + (entries > 0 ? done / entries : 0)) / s.epochs);
    lr = s.lrMin + (s.lr - s.lrMin) * 0.5 * (1 + Math.cos(Math.PI * t));
  }
  if (s.warmup > 0 && step <= s.warmup) lr *= step / s.warmup;
  return lr;
}
