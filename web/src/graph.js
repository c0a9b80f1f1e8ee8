// `#/graph?edges=0-1,1-2,2-0,2-3&tokens=0`: a token game on a directed graph as `grundy graph
// --values --json` reports it, drawn with every vertex's value (finite, or ∞(K) on cycles) and
// outcome (P, N, or D for a draw), the tokens' sum and its winning moves.

import { ready, call } from './wasm.js';
import { el, errorBox, facts, field, go, valueText } from './ui.js';

const SVG = 'http://www.w3.org/2000/svg';

function svg(tag, attrs = {}, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

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
  const g = await ready;
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
  const n = r.vertices;
  const size = 520;
  const c = size / 2;
  const rad = n <= 1 ? 0 : size / 2 - 50;
  const pos = Array.from({ length: n }, (_, i) => [c + rad * Math.cos((2 * Math.PI * i) / n - Math.PI / 2), c + rad * Math.sin((2 * Math.PI * i) / n - Math.PI / 2)]);
  const root = svg('svg', { class: 'graph', viewBox: `0 0 ${size} ${size}`, role: 'img', 'aria-label': `drawing of the graph, ${n} vertices` });
  const defs = svg('defs');
  const marker = svg('marker', { id: 'arrow', viewBox: '0 0 10 10', refX: 10, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse' });
  marker.append(svg('path', { d: 'M0,0 L10,5 L0,10 z', fill: 'currentColor' }));
  defs.append(marker);
  root.append(defs);
  if (n > 200) return root;
  const R = 18;
  for (const [u, v] of r.edge_list) {
    const [x1, y1] = pos[u];
    const [x2, y2] = pos[v];
    if (u === v) {
      root.append(svg('circle', { cx: x1, cy: y1 - R - 8, r: 9, fill: 'none', class: 'loop', stroke: 'currentColor' }));
      continue;
    }
    const d = Math.hypot(x2 - x1, y2 - y1) || 1;
    const [ux, uy] = [(x2 - x1) / d, (y2 - y1) / d];
    root.append(svg('line', { x1: x1 + ux * R, y1: y1 + uy * R, x2: x2 - ux * (R + 2), y2: y2 - uy * (R + 2), 'marker-end': 'url(#arrow)' }));
  }
  for (let i = 0; i < n; i++) {
    const [x, y] = pos[i];
    const token = r.tokens.includes(i);
    root.append(svg('circle', { cx: x, cy: y, r: R, class: `${r.outcomes[i]}${token ? ' token' : ''}` }),
      svg('text', { x, y }, String(i)),
      svg('text', { x, y: y + R + 11, class: 'value' }, valueText(r.values[i])));
  }
  return root;
}
