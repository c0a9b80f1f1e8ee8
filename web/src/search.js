// `#/cram?rows=4&cols=5` (or `board=…#/…`), `#/node-kayles?grid=3x8` (or `board=`, or
// `edges=0-1,1-2`), `#/arc-kayles?grid=3x4` (same forms), `#/sprouts?position=0*5`: one position
// searched by the library's search engine, as `grundy search GAME … --moves --json` reports it —
// the value, the outcome and every winning move, highlighted on the board (Sprouts: listed as
// positions in the notation). Cells are clicked to fill or clear them (the size is changed in the
// form); `play=1` plays against the engine from the position (`first=computer`), with undo. The
// search runs in the worker with the page's table size (`memory=64M`), a progress line and
// Cancel; a position beyond the page's limit gets the command that solves it from a terminal.
// Every rule and every answer is the library's (crates/grundy-web/src/search.rs): this module
// draws and routes.

import { ready, call } from './wasm.js';
import { el, errorBox, facts, field, go } from './ui.js';

const GAMES = {
  cram: {
    title: 'Cram',
    rules: 'Place a domino on two side-by-side empty cells; who cannot, loses.',
    start: { rows: '4', cols: '5' },
    pick: 2,
  },
  'node-kayles': {
    title: 'Node-Kayles',
    rules: 'Pick an empty cell (a vertex): it and its neighbours are filled; who cannot, loses.',
    start: { grid: '3x8' },
    pick: 1,
  },
  'arc-kayles': {
    title: 'Arc-Kayles',
    rules: 'Pick two side-by-side empty cells (an edge): both are filled; who cannot, loses.',
    start: { grid: '3x4' },
    pick: 2,
  },
  sprouts: {
    title: 'Sprouts',
    rules: 'Join two spots (or one to itself) by a curve crossing no other and put a new spot on it; a spot takes at most three curve ends; who cannot, loses.',
    start: { position: '0*5' },
    pick: 0,
  },
};

const MEMORY = ['16M', '64M', '256M'];

let worker = null;
let clockTimer = null;

/** Stop a search still running (the page moves to another view). */
export function leave() {
  if (worker) worker.terminate();
  worker = null;
  clearInterval(clockTimer);
}

/** The report of a search in the worker, with a progress line and Cancel in `slot`; null when
 * cancelled. */
function searchInWorker(slot, job) {
  leave();
  return new Promise((resolve) => {
    const line = el('span', { 'data-testid': 'progress-line' }, 'starting the search…');
    const clock = el('span', { class: 'legend' });
    const cancel = el('button', { type: 'button', 'data-testid': 'cancel' }, 'Cancel');
    const box = el('div', { class: 'progress', 'data-testid': 'progress' }, el('span', {}, 'Searching: '), line, clock, cancel);
    slot.replaceChildren(box);
    const started = performance.now();
    clockTimer = setInterval(() => { clock.textContent = `${((performance.now() - started) / 1000).toFixed(1)} s`; }, 250);
    const end = (value) => { leave(); resolve(value); };
    worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
    cancel.addEventListener('click', () => {
      end(null);
      slot.replaceChildren(el('p', { 'data-testid': 'cancelled' }, 'Cancelled: the search was stopped (its worker ended); nothing partial is shown.'));
    });
    worker.onmessage = (event) => {
      const m = event.data;
      if (m.type === 'progress') {
        line.textContent = m.line;
        return;
      }
      let report;
      try {
        report = JSON.parse(m.json);
      } catch (e) {
        report = { error: String(e) };
      }
      report.browser_seconds = (performance.now() - started) / 1000;
      slot.replaceChildren();
      end(report);
    };
    worker.onerror = (e) => {
      e.preventDefault();
      slot.replaceChildren();
      end({ error: e.message || 'the worker stopped' });
    };
    worker.postMessage(job);
  });
}

/** The route's position: `[key, text]`. */
function position(game, params) {
  if (game === 'sprouts') return ['position', params.get('position') ?? GAMES.sprouts.start.position];
  if (params.has('board')) return ['board', params.get('board')];
  if (game === 'cram') {
    if (params.has('rows') || params.has('cols')) return ['size', `${params.get('rows') ?? ''}x${params.get('cols') ?? ''}`];
    return ['size', `${GAMES.cram.start.rows}x${GAMES.cram.start.cols}`];
  }
  if (params.has('edges')) return ['edges', params.get('edges')];
  return ['grid', params.get('grid') ?? GAMES[game].start.grid];
}

/** The view of `game`. */
export function view(game) {
  return { leave, render: (root, params) => render(game, root, params) };
}

async function render(game, root, params) {
  leave();
  const g = GAMES[game];
  const [key, text] = position(game, params);
  const memory = MEMORY.includes(params.get('memory')) ? params.get('memory') : '64M';
  const playing = params.get('play') === '1';
  const first = params.get('first') === 'computer' ? 'computer' : 'you';
  const keep = { memory: memory === '64M' ? '' : memory, play: playing ? '1' : '', first: first === 'computer' ? 'computer' : '' };
  const goTo = (k, t, extra = {}) => go(game, { [k]: t, ...keep, ...extra });

  const grundy = await ready();
  const d = call(grundy.describe, game, key, text);

  const form = el('form', { class: 'controls', 'aria-label': `${g.title} position` });
  if (game === 'sprouts') {
    form.append(field('position (0*N for N spots, or the notation: SPOTS 0.AB|AB.0 or Glop)', { name: 'position', value: text, size: 24, required: true }));
  } else {
    const rows = d.board ? d.board.rows : Number(params.get('rows')) || '';
    const cols = d.board ? d.board.cols : Number(params.get('cols')) || '';
    form.append(field('rows', { name: 'rows', value: rows, size: 3, inputmode: 'numeric' }),
      field('columns', { name: 'cols', value: cols, size: 3, inputmode: 'numeric' }));
  }
  form.append(el('label', {}, 'table', el('select', { name: 'memory', 'aria-label': 'table size' },
    ...MEMORY.map((m) => el('option', { value: m, selected: m === memory }, `${m}B`)))));
  form.append(el('button', { class: 'primary', type: 'submit' }, game === 'sprouts' ? 'Search' : 'Empty board'));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const m = form.memory.value === '64M' ? '' : form.memory.value;
    const extra = { memory: m, play: '', first: '' };
    if (game === 'sprouts') go(game, { position: form.position.value.trim(), ...extra });
    else if (game === 'cram') go(game, { rows: form.rows.value.trim(), cols: form.cols.value.trim(), ...extra });
    else go(game, { grid: `${form.rows.value.trim()}x${form.cols.value.trim()}`, ...extra });
  });

  const out = el('section', { 'aria-live': 'polite' });
  root.replaceChildren(el('h1', {}, `${g.title}: the search engine`), el('p', { class: 'legend' }, g.rules), form, out);
  if (d.error) {
    out.append(errorBox(d.error));
    return;
  }
  if (playing) {
    play(game, out, key, text, { memory, first, goTo });
    return;
  }

  const boardBox = el('div', {});
  const result = el('div', {});
  const slot = el('div', {});
  const playButton = el('button', { type: 'button', 'data-testid': 'play', onclick: () => goTo(key, text, { play: '1' }) }, 'Play against the engine');
  const firstSel = el('select', { name: 'first', 'aria-label': 'who moves first', onchange: (e) => { keep.first = e.target.value === 'computer' ? 'computer' : ''; } },
    el('option', { value: 'you', selected: first === 'you' }, 'you move first'),
    el('option', { value: 'computer', selected: first === 'computer' }, 'the engine moves first'));
  out.append(boardBox, slot, result);
  if (d.board) {
    boardBox.append(el('p', { class: 'legend' }, 'Click a cell to fill or clear it. Cells of the winning moves are outlined in green once the search is done.'));
    boardBox.append(drawBoard(d.board, (r, c) => goTo('board', toggled(d.board, r, c))));
  }
  boardBox.append(el('p', {}, 'Solve it from a terminal: ', el('code', { 'data-testid': 'command' }, `${d.command} --json`)));
  if (d.too_large) {
    out.append(el('div', { class: 'error', role: 'alert', 'data-testid': 'too-large' }, d.too_large));
    return;
  }
  // the view is rendered now; the report follows when the worker answers
  searchInWorker(slot, { job: 'search', game, key, text, memory }).then((r) => {
    if (r === null) return;
    if (r.error) {
      result.append(errorBox(r.error));
      return;
    }
    showReport(result, r, d, boardBox);
    if (d.next_key) result.append(el('div', { class: 'row' }, playButton, firstSel));
    else result.append(el('p', { class: 'legend' }, 'Play against the engine is on boards and Sprouts positions (a graph given by its edges is searched, not played).'));
  });
}

/** A board's text with the cell (r, c) toggled. */
function toggled(board, r, c) {
  const rows = board.text.split('/').map((row) => [...row]);
  rows[r][c] = rows[r][c] === '.' ? '#' : '.';
  return rows.map((row) => row.join('')).join('/');
}

/** The board as a grid of cell buttons; `onCell(r, c)` on a click. */
function drawBoard(board, onCell) {
  const grid = el('div', { class: 'cells', 'data-testid': 'cells', role: 'grid', style: `--cols: ${board.cols}` });
  const rows = board.text.split('/');
  for (let r = 0; r < board.rows; r++) {
    for (let c = 0; c < board.cols; c++) {
      const empty = rows[r][c] === '.';
      grid.append(el('button', {
        type: 'button', class: `cell ${empty ? 'empty' : 'filled'}`, 'data-r': r, 'data-c': c,
        'aria-label': `row ${r + 1}, column ${c + 1}: ${empty ? 'empty' : 'filled'}`,
        onclick: () => onCell(r, c),
      }));
    }
  }
  return grid;
}

function cellButton(grid, [r, c]) {
  return grid.querySelector(`button.cell[data-r="${r}"][data-c="${c}"]`);
}

/** The report's figures and winning moves; the moves' cells outlined on the board in `boardBox`. */
function showReport(out, r, d, boardBox) {
  const outcome = r.outcome === 'N' ? 'N — the player to move wins' : 'P — the player to move loses';
  out.append(facts([
    ['position', r.position, 'position'],
    ['value', r.value === null ? '—' : `*${r.value}`, 'value'],
    ['outcome', outcome, 'outcome'],
    ['winning moves', String(r.winning_moves.length), 'winning-count'],
    ['search', `${r.algorithm === 'dfpn' ? 'df-pn' : 'value search'}, ${r.nodes.toLocaleString('en')} nodes, table ${(r.table_bytes / 2 ** 20).toFixed(0)} MiB, ${r.browser_seconds.toFixed(2)} s in the browser`, 'search'],
  ]));
  const grid = boardBox.querySelector('[data-testid="cells"]');
  if (grid) {
    for (const cells of r.winning_cells) for (const cell of cells) cellButton(grid, cell)?.classList.add('winning');
  }
  const list = el('ol', { class: 'winning', 'data-testid': 'winning' });
  r.winning_moves.forEach((m, i) => {
    const li = el('li', { 'data-move': m.move, 'data-cells': JSON.stringify(r.winning_cells[i]) }, el('code', {}, m.move), ' → ', el('code', { class: 'after' }, m.position));
    if (grid) {
      const mark = (on) => { for (const cell of r.winning_cells[i]) cellButton(grid, cell)?.classList.toggle('focus', on); };
      li.addEventListener('mouseenter', () => mark(true));
      li.addEventListener('mouseleave', () => mark(false));
    }
    list.append(li);
  });
  out.append(el('h2', {}, r.winning_moves.length ? 'Winning moves (the position after each)' : 'No winning move: every move leaves an N-position'), list);
}

/** Play against the engine from the route's position. */
function play(game, out, key0, text0, { memory, first, goTo }) {
  const g = GAMES[game];
  const status = el('p', { class: 'status', 'data-testid': 'status', role: 'status' });
  const undo = el('button', { type: 'button', 'data-testid': 'undo', disabled: true }, 'Undo');
  const restart = el('button', { type: 'button', 'data-testid': 'restart' }, 'New game');
  const stopPlay = el('button', { type: 'button', onclick: () => goTo(key0, text0, { play: '', first: '' }) }, 'Stop playing');
  const firstSel = el('select', { name: 'first', 'aria-label': 'who moves first', onchange: (e) => goTo(key0, text0, { play: '1', first: e.target.value === 'computer' ? 'computer' : '' }) },
    el('option', { value: 'you', selected: first === 'you' }, 'you move first'),
    el('option', { value: 'computer', selected: first === 'computer' }, 'the engine moves first'));
  const boardBox = el('div', { 'data-testid': 'play-board' });
  const slot = el('div', {});
  const info = el('div', {});
  out.append(el('div', { class: 'row' }, firstSel, undo, restart, stopPlay), status, boardBox, slot, info,
    el('p', { class: 'legend' }, 'Remoteness (how soon the game ends) is not shown: the search engine finds values, not game lengths.'));

  // the game: positions so far, each with whose turn it was
  let history = [];
  let busy = false;

  const start = () => {
    history = [{ key: key0, text: text0, mover: first }];
    step();
  };

  const current = () => history[history.length - 1];

  async function step() {
    busy = true;
    const pos = current();
    undo.disabled = true;
    const grundy = await ready();
    const d = call(grundy.describe, game, pos.key, pos.text);
    info.replaceChildren();
    if (d.error) {
      boardBox.replaceChildren(errorBox(d.error));
      return;
    }
    drawPlay(d, null);
    if (d.moves.length === 0) {
      status.textContent = pos.mover === 'you' ? 'No move is left for you: the engine wins.' : 'No move is left for the engine: you win!';
      status.dataset.over = pos.mover === 'you' ? 'engine' : 'you';
      undo.disabled = history.length < 2;
      busy = false;
      return;
    }
    delete status.dataset.over;
    status.textContent = pos.mover === 'you' ? 'Your move: searching the position…' : 'The engine is thinking…';
    const r = d.too_large ? { error: d.too_large } : await searchInWorker(slot, { job: 'search', game, key: pos.key, text: pos.text, memory });
    if (r === null) {
      status.textContent = 'Search cancelled: undo or start a new game.';
      undo.disabled = history.length < 2;
      busy = false;
      return;
    }
    if (r.error) {
      info.replaceChildren(errorBox(r.error));
      busy = false;
      return;
    }
    showReport(info, r, d, boardBox);
    if (pos.mover === 'computer') {
      const m = r.reply;
      history.push({ key: d.next_key, text: m.position, mover: 'you', last: m });
      status.textContent = `The engine played ${m.move}.`;
      step();
      return;
    }
    status.textContent = `Your move (${r.outcome === 'N' ? 'you can win: the green cells or listed moves win' : 'the engine is winning: every move leaves it a win'}).`;
    drawPlay(d, r);
    undo.disabled = history.length < 2;
    busy = false;
  }

  /** The current position, its moves clickable (boards: the cells; Sprouts: buttons). */
  function drawPlay(d, r) {
    const pos = current();
    const parts = [];
    if (pos.last) parts.push(el('p', { class: 'legend', 'data-testid': 'last-move' }, `Last move: ${pos.last.move}`));
    if (d.board) {
      let picked = [];
      const grid = drawBoard(d.board, (row, col) => {
        if (busy || current().mover !== 'you') return;
        picked.push([row, col]);
        const same = (a, b) => a.length === b.length && a.every(([x, y]) => b.some(([p, q]) => p === x && q === y));
        const m = d.moves.find((mv) => same(mv.cells, picked));
        if (m) return move(d, m);
        const possible = d.moves.some((mv) => picked.every(([x, y]) => mv.cells.some(([p, q]) => p === x && q === y)));
        if (!possible || picked.length >= g.pick) picked = [];
        for (const b of grid.querySelectorAll('.picked')) b.classList.remove('picked');
        for (const cell of picked) cellButton(grid, cell)?.classList.add('picked');
      });
      if (pos.last) for (const cell of pos.last.cells) cellButton(grid, cell)?.classList.add('last');
      parts.push(el('p', { class: 'legend' }, g.pick === 2 ? 'Your move: click two side-by-side empty cells.' : 'Your move: click an empty cell.'), grid);
    } else {
      parts.push(el('p', {}, 'Position: ', el('code', { 'data-testid': 'play-position' }, pos.text)));
      const win = new Set(r ? r.winning_moves.map((m) => m.move) : []);
      parts.push(el('div', { class: 'moves', 'data-testid': 'play-moves' },
        ...d.moves.map((m) => el('button', { type: 'button', class: r ? (win.has(m.move) ? 'win' : 'lose') : '', 'data-move': m.move, disabled: !r || pos.mover !== 'you', onclick: () => move(d, m) }, m.position))));
    }
    boardBox.replaceChildren(...parts);
  }

  function move(d, m) {
    if (busy || current().mover !== 'you') return;
    history.push({ key: d.next_key, text: m.position, mover: 'computer', last: m });
    step();
  }

  undo.addEventListener('click', () => {
    if (busy) return;
    // back to the last position where it was our move, before the current one
    history.pop();
    while (history.length > 1 && current().mover !== 'you') history.pop();
    step();
  });
  restart.addEventListener('click', () => { if (!busy) start(); });
  status.dataset.game = game;
  start();
}
