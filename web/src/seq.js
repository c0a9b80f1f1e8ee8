// `#/seq?ruleset=0.77&to=1000`: the nim-sequence of a ruleset as `grundy seq --json` reports it —
// the period with the theorem that proves it (or "apparent"), a plot of G(n), the values as a
// table with P-positions (value 0) marked, and the rare/common split of octal codes. The
// computation runs in a worker (progress bar, cancel button): the page never freezes.

import { el, errorBox, facts, field, go } from './ui.js';

const PAGE = 500; // values per page of the table
let worker = null;

/** Stop a computation still running (the page moves to another view). */
export function leave() {
  stop();
}

function stop() {
  if (worker) {
    worker.terminate();
    worker = null;
  }
}

/** Render the view into `root` for the route's `params`. */
export function render(root, params) {
  stop();
  const ruleset = params.get('ruleset') ?? '0.77';
  const toText = params.get('to') ?? '1000';
  const form = el('form', { class: 'controls', 'aria-label': 'sequence' },
    field('ruleset (octal code, sub:…, allbut:…, or a name)', { name: 'ruleset', value: ruleset, size: 18, required: true }),
    field('heaps up to', { name: 'to', value: toText, inputmode: 'numeric', size: 10 }),
    el('button', { class: 'primary', type: 'submit' }, 'Compute'));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    go('seq', { ruleset: form.ruleset.value.trim(), to: form.to.value.trim() });
  });
  const out = el('section', { 'aria-live': 'polite' });
  root.replaceChildren(el('h1', {}, 'Nim-sequence of a heap game'), form, out);

  const to = Number(toText);
  if (!/^\d+$/.test(toText.trim())) {
    out.append(errorBox(`--to '${toText}': expected a non-negative integer`));
    return;
  }
  const bar = el('progress', { max: 1, value: 0, 'aria-label': 'heaps computed' });
  const label = el('span', {}, 'starting…');
  const cancel = el('button', { type: 'button', 'data-testid': 'cancel' }, 'Cancel');
  const progress = el('div', { class: 'progress', 'data-testid': 'progress' }, bar, label, cancel);
  out.append(progress);
  const started = performance.now();
  worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  cancel.addEventListener('click', () => {
    stop();
    progress.replaceWith(el('p', { 'data-testid': 'cancelled' }, 'Cancelled.'));
  });
  worker.onmessage = (event) => {
    const m = event.data;
    if (m.type === 'progress') {
      bar.max = m.total;
      bar.value = m.done;
      label.textContent = `${m.done.toLocaleString('en')} / ${m.total.toLocaleString('en')} heaps`;
      return;
    }
    stop();
    const seconds = (performance.now() - started) / 1000;
    let report;
    try {
      report = JSON.parse(m.json);
    } catch (e) {
      report = { error: String(e) };
    }
    progress.remove();
    if (report.error) {
      out.append(errorBox(report.error));
      return;
    }
    show(out, report, seconds);
  };
  worker.onerror = (e) => {
    stop();
    progress.remove();
    out.append(errorBox(e.message || 'the worker stopped'));
    e.preventDefault();
  };
  worker.postMessage({ job: 'seq', ruleset, to });
}

function show(out, r, seconds) {
  const name = r.name ? ` (${r.name})` : '';
  const rows = [
    ['ruleset', `${r.ruleset}${name}`, 'ruleset'],
    ['heaps', `0..=${r.to} (${r.to + 1} values)`, 'heaps'],
    ['period', r.period_line, 'period_line'],
  ];
  if (r.filled_from !== undefined) {
    rows.push(['filled', `heaps ${r.filled_from}..=${r.to} copied by the proved period (G(n) = G(n - p)), not scanned`, 'filled']);
  }
  rows.push(['largest value', String(r.largest), 'largest'],
    ['P-positions (value 0)', String(r.p_positions), 'p_positions'],
    ['checksum (CRC-32 of the values as u32 LE)', r.checksum, 'checksum']);
  if (r.sparse) {
    const mask = r.sparse.mask === null ? 'the heavy set' : `mask ${r.sparse.mask}`;
    rows.push(['rare values', `${r.sparse.rare_count} heaps ≥ 1 have a rare value (${mask}; Flammenkamp's rare/common classification)${r.sparse.last_rare !== null ? `, the last at heap ${r.sparse.last_rare}` : ''}`, 'rare']);
  }
  rows.push(['time', `${seconds.toFixed(3)} s in the browser`, 'time']);
  const hidden = el('span', { hidden: true, 'data-field': 'period' }, String(r.period ?? ''));
  const hidden2 = el('span', { hidden: true, 'data-field': 'preperiod' }, String(r.preperiod ?? ''));
  const hidden3 = el('span', { hidden: true, 'data-field': 'proved' }, String(r.proved));
  out.append(facts(rows), hidden, hidden2, hidden3,
    el('h2', {}, 'G(n) against n'), plot(r), el('h2', {}, 'Values'), valuesTable(r));
}

/** The G(n) plot: values against n, the pre-period and the first period shaded (later periods
 * marked by dashed lines when few enough show), P-positions (G = 0) as dots on the axis line;
 * zoomed by the range fields, the buttons, the mouse wheel (around the pointer) and dragging. */
function plot(r) {
  const n = r.values.length;
  // drawn at about the size it shows (a phone's plot keeps legible labels)
  const shown = document.getElementById('view')?.clientWidth || 1200;
  const W = Math.round(Math.min(1200, Math.max(420, shown * 1.25)));
  const H = Math.round(Math.max(300, W * 0.35));
  const [left, right, bottom, top] = [56, 16, 44, 12];
  const canvas = el('canvas', { class: 'plot', width: W, height: H, role: 'img', 'data-testid': 'plot' });
  const from = el('input', { type: 'number', name: 'from', min: 0, max: n - 1, value: 0, 'aria-label': 'plot from n' });
  const to = el('input', { type: 'number', name: 'to', min: 0, max: n - 1, value: n - 1, 'aria-label': 'plot to n' });
  let a = 0;
  let b = n - 1;
  const style = getComputedStyle(document.documentElement);
  const color = (name, fallback) => style.getPropertyValue(name).trim() || fallback;
  const fg = color('--fg', '#000');
  const muted = color('--muted', '#666');
  const accent = color('--accent', '#25a');
  const pColor = color('--p', '#72b');
  const line = color('--line', '#ccc');
  const period = r.period ?? null;
  const pre = r.preperiod ?? 0;
  const width = W - left - right;
  const height = H - bottom - top;
  const maxV = Math.max(1, r.largest);
  const xOf = (i) => left + (b === a ? width / 2 : ((i - a) / (b - a)) * width);
  const yOf = (v) => top + height - (v / maxV) * height;

  function niceStep(span, count) {
    const raw = span / count;
    const p = 10 ** Math.floor(Math.log10(Math.max(raw, 1e-9)));
    return [1, 2, 5, 10].map((m) => m * p).find((s) => s >= raw) || raw;
  }

  function draw() {
    const ctx = canvas.getContext('2d');
    ctx.clearRect(0, 0, W, H);
    ctx.font = '14px system-ui, sans-serif';
    const band = (x0, x1, fill) => {
      const l = Math.max(left, xOf(x0 - 0.5));
      const rr = Math.min(left + width, xOf(x1 - 0.5));
      if (rr > l) { ctx.fillStyle = fill; ctx.fillRect(l, top, rr - l, height); }
    };
    if (period) {
      ctx.globalAlpha = 0.16;
      band(0, pre, muted);
      band(pre, pre + period, accent);
      ctx.globalAlpha = 1;
      const first = Math.max(pre + period, pre + Math.ceil((a - pre) / period) * period);
      if ((b - first) / period < 60) {
        ctx.strokeStyle = accent;
        ctx.setLineDash([4, 4]);
        for (let k = first; k <= b; k += period) {
          ctx.beginPath(); ctx.moveTo(xOf(k - 0.5), top); ctx.lineTo(xOf(k - 0.5), top + height); ctx.stroke();
        }
        ctx.setLineDash([]);
      }
    }
    // axes and ticks
    ctx.strokeStyle = line;
    ctx.fillStyle = fg;
    ctx.textAlign = 'right';
    const ys = niceStep(maxV, 6);
    for (let v = 0; v <= maxV; v += ys) {
      ctx.beginPath(); ctx.moveTo(left, yOf(v)); ctx.lineTo(left + width, yOf(v)); ctx.stroke();
      ctx.fillText(String(v), left - 6, yOf(v) + 5);
    }
    ctx.textAlign = 'center';
    const xs = Math.max(1, niceStep(b - a, 10));
    for (let i = Math.ceil(a / xs) * xs; i <= b; i += xs) {
      ctx.beginPath(); ctx.moveTo(xOf(i), top + height); ctx.lineTo(xOf(i), top + height + 5); ctx.stroke();
      ctx.fillText(String(i), xOf(i), top + height + 20);
    }
    ctx.fillText('n', left + width / 2, H - 4);
    ctx.save();
    ctx.translate(14, top + height / 2); ctx.rotate(-Math.PI / 2); ctx.fillText('G(n)', 0, 0);
    ctx.restore();
    ctx.strokeStyle = fg;
    ctx.beginPath(); ctx.moveTo(left, top); ctx.lineTo(left, top + height); ctx.lineTo(left + width, top + height); ctx.stroke();
    // the values
    const count = b - a + 1;
    if (count <= width / 2) {
      ctx.strokeStyle = accent;
      ctx.lineWidth = 1.5;
      ctx.beginPath();
      for (let i = a; i <= b; i++) (i === a ? ctx.moveTo : ctx.lineTo).call(ctx, xOf(i), yOf(r.values[i]));
      ctx.stroke();
      ctx.lineWidth = 1;
      const dot = count <= 200 ? 6 : 4;
      for (let i = a; i <= b; i++) {
        const v = r.values[i];
        ctx.fillStyle = v === 0 ? pColor : accent;
        const d = v === 0 ? dot + 2 : dot;
        ctx.fillRect(xOf(i) - d / 2, yOf(v) - d / 2, d, d);
      }
    } else {
      // more heaps than pixels: each column's range of values, and a mark under it when it holds
      // a P-position
      for (let x = 0; x < width; x++) {
        const i0 = a + Math.floor((x / width) * count);
        const i1 = Math.min(b + 1, a + Math.floor(((x + 1) / width) * count));
        let lo = Infinity;
        let hi = -Infinity;
        for (let i = i0; i < Math.max(i1, i0 + 1); i++) { const v = r.values[i]; lo = Math.min(lo, v); hi = Math.max(hi, v); }
        ctx.fillStyle = accent;
        ctx.fillRect(left + x - 0.5, yOf(hi) - 1.5, 2, Math.max(3, yOf(lo) - yOf(hi) + 3));
        if (lo === 0) { ctx.fillStyle = pColor; ctx.fillRect(left + x - 1, top + height - 4, 3, 8); }
      }
    }
    canvas.setAttribute('aria-label', `plot of G(n) for n from ${a} to ${b}, largest value ${r.largest}`);
    canvas.dataset.from = a;
    canvas.dataset.to = b;
    from.value = a;
    to.value = b;
  }

  function show(x0, x1) {
    x0 = Math.round(x0);
    x1 = Math.round(x1);
    if (x1 - x0 < 4) { const c = (x0 + x1) / 2; x0 = Math.round(c - 2); x1 = x0 + 4; }
    if (x0 < 0) { x1 -= x0; x0 = 0; }
    if (x1 > n - 1) { x0 -= x1 - (n - 1); x1 = n - 1; }
    a = Math.max(0, x0);
    b = Math.max(a, x1);
    draw();
  }
  const zoom = (f, at = (a + b) / 2) => show(at - (at - a) * f, at + (b - at) * f);
  // a start past the end (or an end before the start) moves the window, keeping its width
  from.addEventListener('change', () => { const f = Number(from.value); show(f, f < b ? b : f + (b - a)); });
  to.addEventListener('change', () => { const t = Number(to.value); show(t > a ? a : t - (b - a), t); });
  canvas.addEventListener('wheel', (e) => {
    e.preventDefault();
    const box = canvas.getBoundingClientRect();
    const x = ((e.clientX - box.left) / box.width) * W;
    const at = a + ((x - left) / width) * (b - a);
    zoom(e.deltaY < 0 ? 0.8 : 1.25, Math.min(b, Math.max(a, at)));
  }, { passive: false });
  let drag = null;
  canvas.addEventListener('pointerdown', (e) => { drag = { x: e.clientX, a, b }; canvas.setPointerCapture(e.pointerId); });
  canvas.addEventListener('pointermove', (e) => {
    if (!drag) return;
    const box = canvas.getBoundingClientRect();
    const shift = ((drag.x - e.clientX) / box.width) * (W / width) * (drag.b - drag.a);
    show(drag.a + shift, drag.b + shift);
  });
  canvas.addEventListener('pointerup', () => { drag = null; });
  const buttons = el('div', { class: 'row plot-controls' },
    from, el('span', {}, '≤ n ≤'), to,
    el('button', { type: 'button', 'data-testid': 'zoom-in', onclick: () => zoom(0.5) }, 'zoom in'),
    el('button', { type: 'button', 'data-testid': 'zoom-out', onclick: () => zoom(2) }, 'zoom out'),
    period ? el('button', { type: 'button', 'data-testid': 'zoom-period', onclick: () => show(Math.max(0, pre - period), pre + 3 * period) }, 'the period') : null,
    el('button', { type: 'button', 'data-testid': 'zoom-all', onclick: () => show(0, n - 1) }, 'all'));
  const swatch = (colour, alpha = 1) => el('span', { class: 'swatch', style: `background: ${colour}; opacity: ${alpha}` });
  const legend = el('p', { class: 'legend', 'data-testid': 'plot-legend' },
    swatch(accent), ' G(n)  ', swatch(pColor), ' P-positions (G = 0)',
    period ? ['  ', swatch(muted, 0.35), ` pre-period (n < ${pre})  `, swatch(accent, 0.35), ` the first period (${pre} ≤ n < ${pre + period}; dashed lines: the next ones)`] : '  (no period found: nothing shaded)',
    '. Wheel or the buttons zoom, dragging pans.');
  draw();
  return el('div', {}, buttons, canvas, legend);
}

function valuesTable(r) {
  const wrap = el('div', {});
  const pages = Math.ceil(r.values.length / PAGE);
  let page = 0;
  const info = el('span', {});
  const prev = el('button', { type: 'button', onclick: () => { page = Math.max(0, page - 1); draw(); } }, '← earlier');
  const next = el('button', { type: 'button', onclick: () => { page = Math.min(pages - 1, page + 1); draw(); } }, 'later →');
  const holder = el('div', { class: 'scroll' });
  function draw() {
    const start = page * PAGE;
    const end = Math.min(r.values.length, start + PAGE);
    info.textContent = `heaps ${start}..${end - 1}`;
    prev.disabled = page === 0;
    next.disabled = page >= pages - 1;
    const table = el('table', { class: 'values', 'data-testid': 'values' });
    table.append(el('tr', {}, el('th', {}, 'n'), ...Array.from({ length: 10 }, (_, i) => el('th', { scope: 'col' }, `+${i}`))));
    for (let row = start - (start % 10); row < end; row += 10) {
      const tr = el('tr', {}, el('th', { scope: 'row' }, String(row)));
      for (let i = 0; i < 10; i++) {
        const k = row + i;
        if (k < start || k >= end) { tr.append(el('td')); continue; }
        const v = r.values[k];
        tr.append(el('td', { class: v === 0 ? 'p' : '', 'data-n': k, title: v === 0 ? `G(${k}) = 0: a P-position` : `G(${k}) = ${v}` }, String(v)));
      }
      table.append(tr);
    }
    holder.replaceChildren(table);
  }
  draw();
  wrap.append(el('p', { class: 'legend' }, 'Marked cells are P-positions (value 0): the player to move loses.'),
    el('div', { class: 'pager' }, prev, info, next), holder);
  return wrap;
}
