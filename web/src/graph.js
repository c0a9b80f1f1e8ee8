// `#/graph?edges=0-1,1-2,2-0,2-3&tokens=0`: a token game on a directed graph as `grundy graph
// --values --json` reports it, drawn with every vertex's value (finite, or ∞(K) on cycles) and
// outcome (P, N, or D for a draw), the tokens' sum and its winning moves.

import { ready, call } from './wasm.js';
import { el, errorBox, facts, field, go, valueText } from './ui.js';
import { drawDigraph } from './digraph.js';

/** Render the view into `root` for the route's `params`. */
export async function render(root, params) {
  const edges = params.get('edges') ?? '0-1,1-2,2-0,2-3';
  const tokens = params.get('tokens') ?? '';
  const form = el('form', { class: 'controls', 'aria-label': 'graph' },
    field('edges (u-v, comma-separated)', { name: 'edges', value: edges, size: 30 }),
    field('tokens on vertices', { name: 'tokens', value: tokens, size: 10 }),
    el('button', { class: 'primary', type: 'submit' }, 'Analyse'));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    go('graph', { edges: form.edges.value.replace(/\s+/g, ''), tokens: form.tokens.value.replace(/\s+/g, '') });
  });
  const out = el('section', { 'aria-live': 'polite' });
  root.replaceChildren(el('h1', {}, 'Tokens on a directed graph'), form, out);
  const g = await ready();
  const r = call(g.graph, edges, tokens);
  if (r.error) {
    out.append(errorBox(r.error));
    return;
  }
  out.append(facts([
    ['graph', `${r.vertices} vertices, ${r.edges} edges, ${r.acyclic ? 'acyclic' : 'with cycles'}`, 'graph'],
    ['tokens', r.tokens.length ? r.tokens.join(', ') : 'none (give tokens= to analyse a position)', 'tokens'],
    ['value', r.tokens.length ? valueText(r.value) : undefined, 'value'],
    ['outcome', r.tokens.length ? r.outcome : undefined, 'outcome'],
    ['winning moves', r.tokens.length ? (r.winning_moves.length ? r.winning_moves.map((m) => `token ${m.token}: ${m.from} -> ${m.to}`).join('; ') : 'none') : undefined, 'winning'],
  ]), drawing(r), el('p', { class: 'legend' }, 'Each vertex shows its number and value; P-vertices are shaded, draws (D) yellow, tokens ringed.'),
  el('div', { class: 'scroll' }, el('table', { class: 'values', 'data-testid': 'vertex-values' },
    el('tr', {}, el('th', {}, 'vertex'), el('th', {}, 'value'), el('th', {}, 'outcome')),
    ...r.values.map((v, i) => el('tr', {}, el('td', {}, String(i)), el('td', { 'data-v': i }, valueText(v)), el('td', {}, r.outcomes[i]))))));
}

function drawing(r) {
  return drawDigraph({
    vertices: r.vertices, edges: r.edge_list, tokens: r.tokens,
    below: (v) => valueText(r.values[v]), kind: (v) => r.outcomes[v],
  });
}
