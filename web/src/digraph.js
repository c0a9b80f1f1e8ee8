// A directed graph drawn as SVG: vertices on a circle with their labels (number and value),
// classes for shading (P, N, D), tokens ringed, edges as arrows, loops as small circles. Used by the
// graph view and by graph components in play.

const SVG = 'http://www.w3.org/2000/svg';

function svg(tag, attrs = {}, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * `{ vertices, edges: [[u, v]], tokens: [v], below: (v) => text, kind: (v) => class }` as an
 * SVG element; graphs of more than 200 vertices are not drawn (an empty frame).
 */
export function drawDigraph({ vertices: n, edges, tokens = [], below = () => '', kind = () => '' }) {
  const size = n <= 12 ? 420 : 520;
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
  for (const [u, v] of edges) {
    const [x1, y1] = pos[u];
    const [x2, y2] = pos[v];
    if (u === v) {
      root.append(svg('circle', { cx: x1, cy: y1 - R - 8, r: 9, fill: 'none', class: 'loop', stroke: 'currentColor' }));
      continue;
    }
    const d = Math.hypot(x2 - x1, y2 - y1) || 1;
    const [ux, uy] = [(x2 - x1) / d, (y2 - y1) / d];
    // an edge with its reverse is drawn slightly apart so both arrows show
    const twin = edges.some(([a, b]) => a === v && b === u);
    const [ox, oy] = twin ? [-uy * 4, ux * 4] : [0, 0];
    root.append(svg('line', { x1: x1 + ux * R + ox, y1: y1 + uy * R + oy, x2: x2 - ux * (R + 2) + ox, y2: y2 - uy * (R + 2) + oy, 'marker-end': 'url(#arrow)' }));
  }
  for (let i = 0; i < n; i++) {
    const [x, y] = pos[i];
    const count = tokens.filter((t) => t === i).length;
    root.append(svg('circle', { cx: x, cy: y, r: R, class: `${kind(i)}${count ? ' token' : ''}` }),
      svg('text', { x, y }, count > 1 ? `${i} (×${count})` : String(i)),
      svg('text', { x, y: y + R + 11, class: 'value' }, below(i)));
  }
  return root;
}
