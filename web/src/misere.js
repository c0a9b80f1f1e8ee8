// `#/misere?ruleset=0.75` (and `max_heap=N`): the misère quotient of a heap game as `grundy
// misere --json` reports it — final or partial, |Q| and |P|, tame or wild, the presentation, the
// P-portion, the pretending function Φ and the history of the quotient's growth. Computed in the
// worker (worker.js), with a Cancel button: the page never freezes.

import { el, errorBox, facts, field, go } from './ui.js';

/** Seconds the page lets a quotient grow before showing the partial one. */
const SECONDS = 20;

let worker = null;

/** Stop a computation still running (the page moves to another view). */
export function leave() {
  if (worker) worker.terminate();
  worker = null;
}

/** The report of `job` computed in a worker (a Cancel button meanwhile), or null if cancelled. */
function compute(out, job) {
  if (worker) worker.terminate();
  return new Promise((resolve) => {
    const cancel = el('button', { type: 'button', 'data-testid': 'cancel' }, 'Cancel');
    const busy = el('p', { class: 'progress' }, 'Computing the quotient… ', cancel);
    out.replaceChildren(busy);
    worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
    cancel.addEventListener('click', () => {
      worker.terminate();
      worker = null;
      out.replaceChildren(el('p', { 'data-testid': 'cancelled' }, 'Cancelled.'));
      resolve(null);
    });
    worker.onmessage = (event) => {
      if (event.data.type !== 'done') return;
      worker.terminate();
      worker = null;
      try {
        resolve(JSON.parse(event.data.json));
      } catch (e) {
        resolve({ error: String(e) });
      }
    };
    worker.onerror = (e) => {
      e.preventDefault();
      resolve({ error: e.message || 'the worker stopped' });
    };
    worker.postMessage(job);
  });
}

/** Render the view into `root` for the route's `params`. */
export async function render(root, params) {
  const ruleset = params.get('ruleset') ?? '0.75';
  const maxHeap = params.get('max_heap') ?? '200';
  const form = el('form', { class: 'controls', 'aria-label': 'misère quotient' },
    field('ruleset (moves leave at most two heaps)', { name: 'ruleset', value: ruleset, size: 18 }),
    field('heaps up to', { name: 'max_heap', value: maxHeap, size: 6, inputmode: 'numeric' }),
    el('button', { class: 'primary', type: 'submit' }, 'Compute'));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    go('misere', { ruleset: form.ruleset.value.trim(), max_heap: form.max_heap.value.trim() === '200' ? '' : form.max_heap.value.trim() });
  });
  const out = el('section', { 'aria-live': 'polite' });
  root.replaceChildren(el('h1', {}, 'Misère quotient'), form, out);
  if (!/^\d+$/.test(maxHeap)) {
    out.replaceChildren(errorBox(`--max-heap '${maxHeap}': expected a positive integer`));
    return;
  }
  const q = await compute(out, { job: 'misere', ruleset, maxHeap: Number(maxHeap), seconds: SECONDS });
  if (q === null) return; // cancelled
  const status = q.final
    ? `final quotient: Φ has period ${q.period} from heap ${q.preperiod}, proved by the quotient periodicity criterion after heap ${q.heaps}`
    : `partial quotient of heaps 0..=${q.heaps} (Φ not proved periodic)${q.stopped ? `; stopped: ${q.stopped}` : ''}`;
  const phi = el('table', { class: 'values', 'data-testid': 'pretending' },
    el('tr', {}, el('th', {}, 'n'), ...Array.from({ length: 12 }, (_, i) => el('th', {}, `+${i}`))));
  for (let row = 0; row < q.pretending.length; row += 12) {
    phi.append(el('tr', {}, el('th', {}, String(row)),
      ...q.pretending.slice(row, row + 12).map((w) => el('td', {}, w))));
  }
  const hist = el('table', { class: 'values', 'data-testid': 'history' },
    el('tr', {}, el('th', {}, 'heap'), el('th', {}, '|Q|'), el('th', {}, '|P|')),
    ...q.history.map((h) => el('tr', {}, el('td', {}, String(h.heap)), el('td', {}, String(h.order)), el('td', {}, String(h.p_portion_size)))));
  out.replaceChildren(
    facts([
      ['ruleset', q.ruleset, 'ruleset'],
      ['quotient', status, 'status'],
      ['|Q|', String(q.order), 'order'],
      ['|P|', String(q.p_portion_size), 'p_portion_size'],
      ['tame', q.tame ? `yes, the quotient T_${q.tame_index} of misère Nim` : 'no (wild)', 'tame'],
      ['presentation', q.presentation, 'presentation'],
      ['P-portion', q.p_portion.join(', '), 'p_portion'],
    ]),
    el('h2', {}, `Pretending function Φ(n), n = 0..=${q.heaps}`), el('div', { class: 'scroll' }, phi),
    el('h2', {}, 'History (heaps where |Q| or |P| changed)'), el('div', { class: 'scroll' }, hist));
}
