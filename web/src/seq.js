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

function plot(r) {
  const canvas = el('canvas', { class: 'plot', width: 1200, height: 420, role: 'img',
    'aria-label': `plot of G(n) for n up to ${r.to}, largest value ${r.largest}` });
  const ctx = canvas.getContext('2d');
  const style = getComputedStyle(document.documentElement);
  const fg = style.getPropertyValue('--fg').trim() || '#000';
  const accent = style.getPropertyValue('--accent').trim() || '#25a';
  const pColor = style.getPropertyValue('--p').trim() || '#72b';
  const [W, H, left, bottom, top] = [1200, 420, 50, 30, 10];
  const width = W - left - 40;
  const height = H - bottom - top;
  const n = r.values.length;
  const maxV = Math.max(1, r.largest);
  ctx.fillStyle = fg;
  ctx.strokeStyle = fg;
  ctx.font = '14px system-ui, sans-serif';
  ctx.beginPath();
  ctx.moveTo(left, top);
  ctx.lineTo(left, top + height);
  ctx.lineTo(left + width, top + height);
  ctx.stroke();
  ctx.textAlign = 'right';
  ctx.fillText(String(maxV), left - 6, top + 10);
  ctx.fillText('0', left - 6, top + height);
  ctx.textAlign = 'center';
  ctx.fillText('0', left, H - 8);
  ctx.fillText(String(n - 1), left + width, H - 8);
  ctx.fillText('n', left + width / 2, H - 8);
  const columns = Math.min(width, n);
  const per = n / columns;
  const dot = n <= 400 ? 4 : 2;
  for (let c = 0; c < columns; c++) {
    const seen = new Set();
    const end = Math.min(n, Math.floor((c + 1) * per));
    for (let i = Math.floor(c * per); i < end; i++) seen.add(r.values[i]);
    const x = left + (columns === 1 ? 0 : (c / (columns - 1)) * width);
    for (const v of seen) {
      ctx.fillStyle = v === 0 ? pColor : accent;
      const y = top + height - (v / maxV) * height;
      ctx.fillRect(x - dot / 2, y - dot / 2, dot, dot);
    }
  }
  return canvas;
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
