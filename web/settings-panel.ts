// The "Board, notation and engine" panel: pieces, coordinates, the move list's notation, the
// review's search (nodes a position), and the engine's threads (automatic: one core left for the
// page, at most 4; more need SharedArrayBuffer).
import { $, h } from './dom';
import { t } from './i18n';
import { REVIEW_NODES } from './review-runner';
import type { Settings } from './storage';

export const ISOLATED = globalThis.crossOriginIsolated === true && typeof SharedArrayBuffer === 'function';
const CORES = Math.max(1, navigator.hardwareConcurrency || 1);
/** The engine's own limit is the core count (at most 64); without SharedArrayBuffer it is 1. */
export const MAX_THREADS = ISOLATED ? Math.min(CORES, 64) : 1;
/** Threads when the setting is 'automatic' (0): a core is left for the page, at most 4. */
const AUTO_THREADS = Math.max(1, Math.min(CORES - 1, 4, MAX_THREADS));

/** The threads a setting means. */
export function threadsOf(settings: Settings): number {
  return settings.threads === 0 ? AUTO_THREADS : settings.threads;
}

/** The review's choice of nodes a position, in words. */
function reviewLabel(n: number): string {
  return t(n === REVIEW_NODES[0] ? 'settings.reviewQuick' : n === 300_000 ? 'settings.reviewCli' : 'settings.reviewDeeper', { n });
}

/** Writes the panel's choices and note again, in the page's language now. */
export function relabelSettings(): void {
  for (const o of ($('set-review-nodes') as HTMLSelectElement).options) o.textContent = reviewLabel(Number(o.value));
  ($('set-threads') as HTMLSelectElement).options[0].textContent = t('settings.threadsAuto', { n: AUTO_THREADS });
  $('threads-note').textContent = ISOLATED ? t('settings.cores', { n: CORES }) : t('settings.noThreads');
}

/**
 * Fills the panel from `settings` and keeps them up to date: `changed` after a change of the
 * board or notation, `threadsChanged` with the number of threads after a change of those.
 */
export function setUpSettings(settings: Settings, changed: () => void, threadsChanged: (threads: number) => void): void {
  const bind = <K extends 'pieces' | 'coords' | 'notation'>(id: string, key: K): void => {
    const s = $(id) as HTMLSelectElement;
    s.value = settings[key];
    s.addEventListener('change', () => {
      Object.assign(settings, { [key]: s.value });
      changed();
    });
  };
  bind('set-pieces', 'pieces');
  bind('set-coords', 'coords');
  bind('set-notation', 'notation');
  const review = $('set-review-nodes') as HTMLSelectElement;
  for (const n of REVIEW_NODES) review.appendChild(h('option', { value: String(n) }));
  review.value = String(settings.reviewNodes);
  review.addEventListener('change', () => {
    settings.reviewNodes = Number(review.value);
    changed();
  });
  const threads = $('set-threads') as HTMLSelectElement;
  threads.appendChild(h('option', { value: '0' }));
  for (let n = 1; n <= MAX_THREADS; n++) threads.appendChild(h('option', { value: String(n) }, String(n)));
  threads.value = String(settings.threads);
  threads.disabled = MAX_THREADS === 1;
  relabelSettings();
  threads.addEventListener('change', () => {
    settings.threads = Number(threads.value);
    threadsChanged(threadsOf(settings));
    changed();
  });
}
