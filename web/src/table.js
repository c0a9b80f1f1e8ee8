// `#/table?game=wythoff&size=64` (or `sum=RULESET1,RULESET2`): a two-heap game's Grundy values
// G(a, b) as a heatmap, P-positions (value 0) marked, with the values readable in a table.

import { ready, call } from './wasm.js';
import { el, errorBox, facts, field, go } from './ui.js';

/** Render the view into `root` for the route's `params`. */
export async function render(root, params) {
  const game = params.get('game') ?? (params.get('sum') ? '' : 'wythoff');
  const sum = params.get('sum') ?? '';
  const size = params.get('size') ?? '64';
  const form = el('form', { class: 'controls', 'aria-label': 'two-heap table' },
    field('game (wythoff)', { name: 'game', value: game, size: 10 }),
    field('or sum of rulesets R1,R2', { name: 'sum', value: sum, size: 16 }),
    field('size', { name: 'size', value: size, size: 5, inputmode: 'numeric' }),
    el('button', { class: 'primary', type: 'submit' }, 'Draw'));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const s = form.sum.value.trim();
    go('table', { game: s ? '' : form.game.value.trim(), sum: s, size: form.size.value.trim() });
  });
  const out = el('section', { 'aria-live': 'polite' });
  root.replaceChildren(el('h1', {}, 'Two-heap values'), form, out);
  const g = await ready();
  const t = call(g.table, game, sum, Number(size));
  if (t.error) {
    out.append(errorBox(t.error));
    return;
  }
  const n = t.size;
  const cell = Math.max(2, Math.floor(640 / n));
  const canvas = el('canvas', { class: 'heat', width: n * cell, height: n * cell, role: 'img', 'aria-label': `heatmap of G(a, b) for a, b below ${n}` });
  const ctx = canvas.getContext('2d');
  const dark = getComputedStyle(document.documentElement).colorScheme === 'dark';
  for (let a = 0; a < n; a++) {
    for (let b = 0; b < n; b++) {
      const v = t.values[a][b];
      const x = v / Math.max(1, t.largest);
      ctx.fillStyle = `hsl(${220 - 200 * x}, 70%, ${dark ? 25 + 40 * x : 88 - 45 * x}%)`;
      ctx.fillRect(b * cell, a * cell, cell, cell);
      if (v === 0) {
        ctx.fillStyle = dark ? '#fff' : '#000';
        ctx.fillRect(b * cell + cell / 4, a * cell + cell / 4, Math.max(1, cell / 2), Math.max(1, cell / 2));
      }
    }
  }
  const shown = Math.min(n, 16);
  const table = el('table', { class: 'values', 'data-testid': 'table-values' },
    el('tr', {}, el('th', {}, 'a \\ b'), ...Array.from({ length: shown }, (_, b) => el('th', {}, String(b)))),
    ...t.values.slice(0, shown).map((row, a) => el('tr', {}, el('th', {}, String(a)),
      ...row.slice(0, shown).map((v) => el('td', { class: v === 0 ? 'p' : '' }, String(v))))));
  out.append(facts([
    ['game', t.game, 'game'],
    ['size', `${n} × ${n} (heaps 0..${n - 1})`, 'size'],
    ['largest value', String(t.largest), 'largest'],
    ['P-positions', `${t.p_positions.length}: ${t.p_positions.slice(0, 24).map(([a, b]) => `(${a},${b})`).join(' ')}${t.p_positions.length > 24 ? ' …' : ''}`, 'p_positions'],
  ]), canvas, el('p', { class: 'legend' }, 'Row a, column b: G(a, b), darker for larger values; the squares mark the P-positions.'),
  el('h2', {}, `Values for a, b < ${shown}`), el('div', { class: 'scroll' }, table));
}
