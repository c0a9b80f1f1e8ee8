// Small helpers shared by the views: building elements, the error box, the hash route
// (`#/VIEW?key=value&...`, the whole state of a view, so a link reproduces it), and fact lists.

/** An element `tag` with attributes/properties `attrs` and children (strings become text). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'class') node.className = v;
    else if (k === 'text') node.textContent = v;
    else if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
    else if (k in node && typeof v !== 'string') node[k] = v;
    else node.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

/** The error box, with the library's message as the CLI prints it (`error: ...`). */
export function errorBox(message) {
  return el('div', { class: 'error', role: 'alert', 'data-testid': 'error' }, `error: ${message}`);
}

/** The current route: `{ view, params }` from `#/view?a=1&b=2`. */
export function route() {
  const hash = location.hash.replace(/^#\/?/, '');
  const [view, query = ''] = hash.split(/\?(.*)/s);
  return { view: view || 'seq', params: new URLSearchParams(query) };
}

/** Go to `view` with `params` (an object; empty values are left out): a new history entry. */
export function go(view, params) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v !== '' && v !== undefined && v !== null && v !== false) q.set(k, String(v));
  }
  // keep commas, slashes (board rows) and stars readable in shared links
  const text = q.toString().replace(/%2C/g, ',').replace(/%2F/g, '/').replace(/%2A/g, '*');
  const hash = `#/${view}${text ? '?' + text : ''}`;
  if (location.hash === hash) window.dispatchEvent(new HashChangeEvent('hashchange'));
  else location.hash = hash;
}

/** A definition list of `[term, value, testid]` rows. */
export function facts(rows) {
  const dl = el('dl', { class: 'facts' });
  for (const [term, value, id] of rows) {
    if (value === undefined) continue;
    dl.append(el('dt', {}, term), el('dd', id ? { 'data-field': id } : {}, value));
  }
  return dl;
}

/** A labelled input for a controls form. */
export function field(label, attrs) {
  return el('label', {}, label, el('input', attrs));
}

/** The colour class of a move leaving `after` for the opponent: P wins, N loses, D draws. */
export function moveClass(after) {
  return after === 'P' ? 'win' : after === 'D' ? 'draw' : 'lose';
}

/** A value as the CLI writes it: `*n` for finite ones, `∞(K)` for infinite ones. */
export function valueText(v) {
  if (v === null || v === undefined) return '—';
  if (typeof v === 'number') return `*${v}`;
  if (Array.isArray(v.inf)) return `∞(${v.inf.join(',')})`;
  return JSON.stringify(v);
}
