// Small DOM helpers of the page: an element by id (a missing one is a bug of the page, said as
// such), a new element with attributes and text, and the notices shown above the board.

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

/** Shows a notice that the person dismisses; one with an `id` is shown once. */
export function notice(text: string, id?: string): void {
  const box = $('notices');
  if (id !== undefined && box.querySelector(`[data-notice="${id}"]`) !== null) return;
  const n = h('div', { class: 'notice', role: 'alert', ...(id === undefined ? {} : { 'data-notice': id }) });
  n.appendChild(h('span', {}, text));
  const close = h('button', { type: 'button', class: 'close', 'aria-label': 'Dismiss' }, '×');
  close.addEventListener('click', () => n.remove());
  n.appendChild(close);
  box.appendChild(n);
}
