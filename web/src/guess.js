// `#/guess?values=0,1,2,3,1,4,…&at=1000` (or `table=1` and lines `x y v`): the rule behind pasted
// Grundy values, how sure it is and predictions — the answer in the words `grundy guess` prints,
// with its `--json` figures — and the known game the values are consistent with (for a table that
// is a sum of two games, the known games its factors are consistent with).

import { ready, call } from './wasm.js';
import { el, errorBox, facts, go } from './ui.js';

/** A known game the values are consistent with (`identified`), in words. */
function game(id) {
  return id ? `${id.ruleset}${id.name ? ` (${id.name})` : ''}, agreeing on ${id.agrees} values` : 'no known game';
}

/** Render the view into `root` for the route's `params`. */
export async function render(root, params) {
  const values = params.get('values') ?? '';
  const isTable = params.get('table') === '1';
  const at = params.get('at') ?? '';
  const area = el('textarea', {
    name: 'values', rows: 6, cols: 60, spellcheck: 'false', 'aria-label': 'values',
    placeholder: isTable ? 'one cell per line: x y v' : 'G(0) G(1) G(2) … (spaces, commas or lines)',
  });
  area.value = values;
  const form = el('form', { class: 'controls stack', 'aria-label': 'values to guess from' },
    el('label', { class: 'wide' }, isTable ? 'cells x y v' : 'values G(0), G(1), …', area),
    el('label', {}, el('input', { type: 'checkbox', name: 'table', checked: isTable }), ' a table (lines x y v)'),
    el('label', {}, 'predict at (n, or x,y; several with spaces)', el('input', { name: 'at', value: at, size: 16 })),
    el('button', { class: 'primary', type: 'submit' }, 'Guess'));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const text = form.values.value.trim();
    go('guess', {
      values: form.table.checked ? text : text.split(/[\s,]+/).filter(Boolean).join(','),
      table: form.table.checked ? '1' : '',
      at: form.at.value.trim(),
    });
  });
  const out = el('section', { 'aria-live': 'polite' });
  root.replaceChildren(el('h1', {}, 'Guess the rule'), form, out);
  if (!values) {
    out.append(el('p', { class: 'legend' }, 'Paste Grundy values (or a table of cells) and press Guess.'));
    return;
  }
  const g = await ready();
  const r = call(g.guess, values, isTable, at);
  if (r.error) {
    out.append(errorBox(r.error));
    return;
  }
  out.append(facts([
    ['rule', r.rule ?? 'none found', 'rule'],
    ['class', r.class ?? '—', 'class'],
    ['certainty', r.certainty, 'certainty'],
    isTable
      ? ['identified factors', r.identified_factors ? `rows f(x): ${game(r.identified_factors.rows)}; columns g(y): ${game(r.identified_factors.columns)}` : 'no known games', 'identified-factors']
      : ['identified', game(r.identified), 'identified'],
  ]),
  el('h2', {}, 'As grundy guess prints it'),
  el('pre', { class: 'scroll', 'data-testid': 'guess-lines' }, [`data: ${r.data}`, ...r.lines].join('\n')));
}
