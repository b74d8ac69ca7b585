// Small DOM helpers of the page: an element by id (a missing one is a bug of the page, said as
// such), a new element with attributes and text, the notices shown above the board, and the
// page's labels in its language (i18n.ts).
import { lang, t } from './i18n';
import type { StringKey } from './strings/en';

export function $<T extends HTMLElement = HTMLElement>(id: string): T {
  const e = document.getElementById(id);
  if (e === null) throw new Error(`the page has no element #${id}`);
  return e as T;
}

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  text?: string,
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

/** The notices shown, each with what writes its text (again when the language changes). */
const notices = new Map<HTMLElement, () => string>();

/** Shows a notice that the person dismisses; one with an `id` is shown once. `text` is called to write it. */
export function notice(text: () => string, id?: string): void {
  const box = $('notices');
  if (id !== undefined && box.querySelector(`[data-notice="${id}"]`) !== null) return;
  const n = h('div', { class: 'notice', role: 'alert', ...(id === undefined ? {} : { 'data-notice': id }) });
  const span = h('span', {}, text());
  n.appendChild(span);
  const close = h('button', { type: 'button', class: 'close', 'aria-label': t('notice.dismiss') }, '×');
  close.addEventListener('click', () => {
    notices.delete(n);
    n.remove();
  });
  n.appendChild(close);
  box.appendChild(n);
  notices.set(n, text);
}

/** Writes the notices shown again, in the page's language now. */
export function relabelNotices(): void {
  for (const [n, text] of notices) {
    (n.firstElementChild as HTMLElement).textContent = text();
    n.lastElementChild?.setAttribute('aria-label', t('notice.dismiss'));
  }
}

/** The attributes of index.html that name a key, and what each fills in (null: the text). */
const LABEL_ATTRIBUTES: ReadonlyArray<[string, string | null]> = [
  ['data-i18n', null],
  ['data-i18n-title', 'title'],
  ['data-i18n-label', 'aria-label'],
  ['data-i18n-placeholder', 'placeholder'],
];

/** Writes the page's labels in its language: `<html lang>`, the title, and every element that names a key. */
export function applyStrings(): void {
  document.documentElement.lang = lang();
  document.title = t('page.title');
  for (const [attr, target] of LABEL_ATTRIBUTES) {
    for (const e of document.querySelectorAll(`[${attr}]`)) {
      const text = t(e.getAttribute(attr) as StringKey);
      if (target === null) e.textContent = text;
      else e.setAttribute(target, text);
    }
  }
}
