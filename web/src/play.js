// `#/play?nim=3,4,5` (also `ruleset=0.77&heaps=5,3`, `kayles=5,3`, `staircase=0,3,1,4`,
// `coins=2,5,8&length=9`, `graph=0-1,1-2&tokens=0`, `position=` a URL-encoded position file;
// `misere=1`, `first=computer`,
// `hints=1`): play a sum against the library's perfect opponent. Heaps are drawn as piles: a Nim
// counter is clicked to take it and those above; a heap of another ruleset (or a step of the
// staircase) is clicked to open its moves beside it (Escape closes them); other components show
// their states with their moves as buttons (and every heap's moves are also listed, for those who
// prefer a list). Every move can be coloured by the outcome it leaves (green wins, red loses,
// yellow draws) and labelled with its remoteness ("win in 3": the move that ends the game, when
// the winner hurries and the loser delays, is the third from now), as is the current position;
// a value history of the game; undo; who moves first; normal or misère play.

import { ready, call } from './wasm.js';
import { el, errorBox, go, moveClass, valueText } from './ui.js';
import { drawDigraph } from './digraph.js';

const LISTS = /^\s*\d+(\s*,\s*\d+)*\s*$/;

/** The position file of the route's parameters, or `{ error }`. */
export function positionText(params) {
  if (params.get('position')) return { text: params.get('position') };
  if (params.get('graph') && !['nim', 'heaps', 'kayles', 'staircase', 'coins'].some((k) => params.has(k))) return { text: '' };
  const parts = [];
  const list = (key) => {
    const v = params.get(key);
    if (v === null) return null;
    if (v.trim() !== '' && !LISTS.test(v)) throw new Error(`${key}=${v}: expected comma-separated non-negative integers`);
    return v.trim();
  };
  try {
    const nim = list('nim');
    if (nim !== null) parts.push(`[[component]]\nkind = "nim"\nheaps = [${nim}]\n`);
    const heaps = list('heaps');
    if (heaps !== null) {
      const ruleset = params.get('ruleset') ?? '';
      parts.push(`[[component]]\nkind = "heap"\nruleset = ${JSON.stringify(ruleset)}\nheaps = [${heaps}]\n`);
    }
    const kayles = list('kayles');
    if (kayles !== null) parts.push(`[[component]]\nkind = "heap"\nruleset = "kayles"\nheaps = [${kayles}]\n`);
    const stairs = list('staircase');
    if (stairs !== null) parts.push(`[[component]]\nkind = "staircase"\nsteps = [${stairs}]\n`);
    const coins = list('coins');
    if (coins !== null) {
      const length = params.get('length') ?? '';
      if (!/^\d+$/.test(length)) throw new Error(`length=${length}: a strip of coins needs its length, a non-negative integer`);
      parts.push(`[[component]]\nkind = "coins"\nlength = ${length}\ncells = [${coins}]\n`);
    }
  } catch (e) {
    return { error: e.message };
  }
  if (parts.length === 0) return { error: 'no position: give nim=3,4,5, ruleset=…&heaps=…, kayles=…, staircase=…, coins=…&length=…, graph=…&tokens=… or position=FILE' };
  return { text: parts.join('\n') };
}

/** Render the view into `root` for the route's `params`. */
export async function render(root, params) {
  const misere = params.get('misere') === '1';
  const first = params.get('first') === 'computer' ? 'computer' : 'you';
  const hints = params.get('hints') === '1';
  const same = (changes) => {
    const p = Object.fromEntries(params.entries());
    go('play', { ...p, ...changes });
  };
  const playSel = el('select', { name: 'play', 'aria-label': 'play convention', onchange: (e) => same({ misere: e.target.value === 'misere' ? '1' : '' }) },
    el('option', { value: 'normal', selected: !misere }, 'normal play (last move wins)'),
    el('option', { value: 'misere', selected: misere }, 'misère play (last move loses)'));
  const firstSel = el('select', { name: 'first', 'aria-label': 'who moves first', onchange: (e) => same({ first: e.target.value === 'computer' ? 'computer' : '' }) },
    el('option', { value: 'you', selected: first === 'you' }, 'you move first'),
    el('option', { value: 'computer', selected: first === 'computer' }, 'the computer moves first'));
  const hintBox = el('input', { type: 'checkbox', name: 'hints', checked: hints });
  const undo = el('button', { type: 'button', 'data-testid': 'undo', disabled: true }, 'Undo');
  const restart = el('button', { type: 'button', 'data-testid': 'restart' }, 'New game');
  const status = el('p', { class: 'status', 'data-testid': 'status', role: 'status' });
  const board = el('div', { class: `board${hints ? ' hints' : ''}`, 'data-testid': 'board' });
  const facts = el('div', {});
  const wins = el('div', { 'data-testid': 'winning' });
  const history = el('div', { class: 'history', 'data-testid': 'history', 'aria-label': 'value history' });
  root.replaceChildren(el('h1', {}, misere ? 'Play (misère)' : 'Play'),
    el('div', { class: 'row' }, playSel, firstSel,
      el('label', {}, hintBox, ' show the winning moves (colour every move)'), undo, restart),
    status, board, wins, facts, el('h2', {}, 'Value history'), history,
    el('p', { class: 'legend' }, 'Each bar is the value of the position after a move (its height the nim-value; under misère play the outcome); a dark bar marks a P-position for the player to move.'));

  const pos = positionText(params);
  if (pos.error) {
    status.replaceWith(errorBox(pos.error));
    return;
  }
  const g = await ready();
  let game;
  try {
    game = new g.Game(pos.text, params.get('graph') ?? '', params.get('tokens') ?? '', misere);
  } catch (e) {
    status.replaceWith(errorBox(String(e && e.message ? e.message : e)));
    return;
  }
  const movers = []; // who made each move so far: 'you' | 'computer'
  const values = []; // the value (or outcome) after each position, with who is to move
  let view = call(() => game.view());
  let busy = false;
  let lastSaid = ''; // the status's last news (the computer's move), kept while a heap is opened
  let open = null; // the heap whose moves are shown beside it: 'component:heap'
  const listOpen = new Set(); // components whose list of moves is unfolded

  hintBox.addEventListener('change', () => {
    board.classList.toggle('hints', hintBox.checked);
    showWins();
  });
  undo.addEventListener('click', () => {
    if (busy) return;
    // take back moves until the last of yours is undone (the computer's reply with it)
    while (movers.length > 0) {
      const who = movers.pop();
      values.pop();
      view = call(() => game.undo());
      if (who === 'you') break;
    }
    draw();
  });
  restart.addEventListener('click', () => render(root, params));

  function record() {
    values.push({ value: view.value, outcome: view.outcome, remoteness: view.remoteness });
  }

  function humanTurn() {
    return (movers.length % 2 === 0) === (first === 'you');
  }

  function showWins() {
    wins.replaceChildren();
    if (!hintBox.checked || view.error || view.over) return;
    if (view.winning_moves.length === 0) {
      wins.append(el('p', {}, `No move wins: the position is ${view.outcome} for the player to move.`));
      return;
    }
    const texts = view.moves.filter((m) => m.after === 'P').map((m) => m.text);
    wins.append(el('p', {}, `Winning moves (${view.winning_move_count}): `, texts.join('; ')));
  }

  let keyboard = false; // the last move was made from the board with the keyboard focus in it

  function move(index) {
    if (busy || !humanTurn() || view.over) return;
    keyboard = board.contains(document.activeElement) && document.activeElement.matches(':focus-visible');
    open = null;
    const next = call(() => game.make(index));
    if (next.error) {
      status.replaceChildren(errorBox(next.error));
      return;
    }
    view = next;
    movers.push('you');
    record();
    draw();
    if (!view.over) {
      busy = true;
      status.textContent = 'The computer is thinking…';
      status.dataset.state = 'thinking';
      setTimeout(computer, 200);
    }
  }

  function computer() {
    const r = call(() => game.reply());
    busy = false;
    if (r.error) {
      status.replaceChildren(errorBox(r.error));
      return;
    }
    view = r.view;
    movers.push('computer');
    record();
    draw(`The computer played ${r.text.replace(/^component \d+ \(\w+\): /, '')}.`);
  }

  function draw(said = '') {
    lastSaid = said;
    if (view.error) {
      status.replaceChildren(errorBox(view.error));
      return;
    }
    undo.disabled = !movers.includes('you');
    board.replaceChildren(...view.position.map((c, i) => component(c, i)));
    const mover = humanTurn() ? 'you' : 'the computer';
    if (view.over) {
      const lastByYou = !humanTurn();
      const youWin = lastByYou !== misere;
      status.textContent = `No moves left. ${youWin ? 'You win' : 'The computer wins'}: ${lastByYou ? 'you' : 'the computer'} made the last move${misere ? ', which loses under misère play' : ''}.`;
      status.dataset.state = youWin ? 'over-you-win' : 'over-computer-wins';
    } else {
      status.textContent = `${said ? said + ' ' : ''}${humanTurn() ? 'Your move' : 'The computer moves'} — the position is ${view.outcome} (${describe(view.outcome)}) for ${mover}${soon()}.`;
      status.dataset.state = humanTurn() ? 'your-turn' : 'thinking';
    }
    const valueLine = view.value !== null ? `value ${valueText(view.value)}, ` : '';
    facts.replaceChildren(el('p', { class: 'legend', 'data-testid': 'summary' },
      `${valueLine}outcome ${view.outcome}, ${view.winning_move_count} winning move(s), ${view.move_count} legal move(s); solved by ${view.method.replace(/_/g, ' ')}.`),
    el('p', { class: 'legend', 'data-testid': 'remoteness', 'data-remoteness': view.remoteness ?? '' }, remotenessLine()));
    showWins();
    drawHistory();
    if (keyboard && humanTurn()) {
      [...board.querySelectorAll('button[data-move]:not(:disabled), button[data-pile]:not(:disabled)')]
        .find((b) => b.offsetParent !== null)?.focus();
    }
  }

  /** The current position's remoteness in words. */
  function remotenessLine() {
    if (view.remoteness === 0) return 'Remoteness 0: no move is left.';
    if (view.remoteness !== null && view.remoteness !== undefined) {
      const who = view.outcome === 'N' ? 'wins' : 'loses';
      return `Remoteness ${view.remoteness}: the player to move ${who} with move ${view.remoteness} from here, when the winner hurries and the loser delays.`;
    }
    if (view.outcome === 'D') return 'No remoteness: with best play the game never ends (a draw).';
    return `Remoteness unknown: ${(view.remoteness_note ?? '').replace(/^remoteness unknown: /, '')}.`;
  }

  /** ", win in 3" (or lose) for the player to move, when the remoteness is known. */
  function soon() {
    if (view.remoteness === null || view.remoteness === undefined) return '';
    return `: ${view.outcome === 'N' ? 'win' : 'lose'} in ${view.remoteness}`;
  }

  /** A move's title: what it does, the outcome it leaves and its remoteness. */
  function moveTitle(m) {
    return `${m.text} — leaves ${m.after} for the opponent${m.said ? ` (${m.said})` : ''}`;
  }

  /** The remoteness label inside a move button (shown with the hints). */
  function saidSpan(m) {
    return m.said ? el('span', { class: 'said' }, m.said) : null;
  }

  function describe(o) {
    return o === 'P' ? 'the player to move loses' : o === 'N' ? 'the player to move wins' : 'a draw with best play';
  }

  function moveButton(m, label, cls = '') {
    const i = view.moves.indexOf(m);
    const a = m.move;
    const of = a.kind === 'heap' ? `${a.component}:${a.heap}` : a.kind === 'staircase' ? `${a.component}:${a.step}` : undefined;
    return el('button', {
      type: 'button', class: `${moveClass(m.after)} ${cls}`.trim(), 'data-move': i, 'data-after': m.after, 'data-of': of,
      'data-said': m.said ?? undefined,
      disabled: !humanTurn() || busy,
      title: moveTitle(m),
      onclick: () => move(i),
    }, label, saidSpan(m));
  }

  /** A heap move in words: how many it takes and what it leaves. */
  function heapLabel(m) {
    const a = m.move;
    if (a.kind === 'staircase') return `carry ${a.count} to step ${a.step - 1}`;
    const left = a.to.reduce((x, y) => x + y, 0);
    const leave = a.to.length === 0 ? 'leave nothing' : a.to.length === 1 ? `leave ${a.to[0]}` : `split into ${a.to.join(' + ')}`;
    return `take ${a.from - left}, ${leave}`;
  }

  /** The moves of one heap (or step), opened by clicking it in the drawing. */
  function chooser(c, ci, hi, name, size, mine) {
    const box = el('div', {
      class: 'chooser', role: 'group', 'data-chooser': `${ci}:${hi}`, 'aria-label': `moves of ${name} ${hi} (${size})`,
      onkeydown: (e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          closeChooser(true);
        }
      },
    }, el('span', { class: 'label' }, `${name} ${hi} (${size}):`));
    for (const m of mine) box.append(moveButton(m, heapLabel(m), 'choice'));
    box.append(el('button', { type: 'button', class: 'cancel', onclick: () => closeChooser(true) }, 'Cancel'));
    return box;
  }

  function closeChooser(refocus) {
    const was = open;
    open = null;
    draw(lastSaid);
    if (refocus && was) board.querySelector(`[data-pile="${was}"]`)?.focus();
  }

  function component(c, ci) {
    const mine = view.moves.filter((m) => m.move.component === ci);
    const box = el('section', { class: 'component', 'data-component': ci, 'aria-label': c.text },
      el('h3', {}, `${ci}. ${c.text}`));
    if (c.kind === 'nim') {
      const piles = el('div', { class: 'piles' });
      c.state.forEach((size, hi) => {
        const pile = el('div', { class: 'pile' });
        pile.append(el('span', { class: 'label' }, `heap ${hi}: ${size}`));
        for (let k = 1; k <= size; k++) {
          const m = mine.find((x) => x.move.heap === hi && x.move.to === k - 1);
          pile.append(el('button', {
            type: 'button', class: `counter ${m ? moveClass(m.after) : ''}`,
            'data-move': m ? view.moves.indexOf(m) : undefined, 'data-after': m ? m.after : undefined,
            'aria-label': `heap ${hi}: take ${size - k + 1}, leaving ${k - 1}`,
            title: m ? moveTitle(m) : undefined, 'data-said': m?.said ?? undefined,
            disabled: !m || !humanTurn() || busy,
            onclick: () => m && move(view.moves.indexOf(m)),
          }));
        }
        piles.append(pile);
      });
      box.append(piles);
      return box;
    }
    if (c.kind === 'coins' && c.length !== null && c.length <= 80) {
      const strip = el('div', { class: 'strip', 'aria-hidden': 'true' });
      for (let cell = 1; cell <= c.length; cell++) {
        strip.append(el('span', { class: c.state.includes(cell) ? 'coin' : '' }, c.state.includes(cell) ? '' : String(cell)));
      }
      box.append(strip);
    }
    if (c.kind === 'heap' || c.kind === 'staircase') {
      const name = c.kind === 'heap' ? 'heap' : 'step';
      const piles = el('div', { class: 'piles' });
      let chosen = null;
      c.state.forEach((size, hi) => {
        const key = `${ci}:${hi}`;
        const here = mine.filter((m) => (c.kind === 'heap' ? m.move.heap : m.move.step) === hi);
        const best = here.some((m) => m.after === 'P') ? 'P' : here.some((m) => m.after === 'D') ? 'D' : 'N';
        const pile = el('button', {
          type: 'button', class: `pile ${here.length ? moveClass(best) : ''}${open === key ? ' open' : ''}`, 'data-pile': key,
          'aria-expanded': here.length ? String(open === key) : undefined,
          'aria-label': `${name} ${hi}: ${size}${here.length ? `, ${here.length} move(s)` : ', no move'}`,
          disabled: here.length === 0 || !humanTurn() || busy,
          onclick: () => {
            open = open === key ? null : key;
            draw(lastSaid);
            if (open) board.querySelector(`[data-chooser="${key}"] button`)?.focus();
          },
        });
        pile.append(el('span', { class: 'label' }, `${name} ${hi}: ${size}`));
        for (let k = 0; k < Math.min(size, 40); k++) pile.append(el('span', { class: 'counter' }));
        if (size > 40) pile.append(el('span', { class: 'more' }, `+${size - 40}`));
        piles.append(pile);
        if (open === key && here.length) chosen = chooser(c, ci, hi, name, size, here);
      });
      box.append(piles);
      if (chosen) box.append(chosen);
      const list = el('div', { class: 'moves', role: 'group', 'aria-label': `moves in component ${ci}` });
      for (const m of mine) list.append(moveButton(m, m.text.replace(/^component \d+ \(\w+\): /, '')));
      if (view.move_count > view.moves.length) list.append(el('span', { class: 'legend' }, `(first ${view.moves.length} of ${view.move_count} moves)`));
      if (mine.length) box.append(el('details', { class: 'list', open: listOpen.has(ci), ontoggle: (e) => (e.target.open ? listOpen.add(ci) : listOpen.delete(ci)) },
        el('summary', {}, `all ${mine.length} moves as a list`), list));
      return box;
    }
    if (c.kind === 'graph' && c.edges) {
      const n = Math.max(0, ...c.edges.flat().map((v) => v + 1), ...c.state.map((v) => v + 1));
      box.append(drawDigraph({ vertices: n, edges: c.edges, tokens: c.state }));
    }
    const moves = el('div', { class: 'moves', role: 'group', 'aria-label': `moves in component ${ci}` });
    for (const m of mine) moves.append(moveButton(m, m.text.replace(/^component \d+ \(\w+\): /, '')));
    if (view.move_count > view.moves.length) moves.append(el('span', { class: 'legend' }, `(first ${view.moves.length} of ${view.move_count} moves)`));
    box.append(moves);
    return box;
  }

  function drawHistory() {
    const max = Math.max(1, ...values.map((v) => (typeof v.value === 'number' ? v.value : 1)));
    history.replaceChildren(...values.map((v, i) => {
      const h = typeof v.value === 'number' ? 4 + (v.value / max) * 56 : v.outcome === 'N' ? 40 : 8;
      const zero = v.outcome === 'P';
      const label = v.value !== null ? valueText(v.value) : v.outcome;
      const by = movers[i - 1];
      return el('div', { class: `bar${zero ? ' zero' : ''}${by === 'computer' ? ' them' : ''}`, title: `${i === 0 ? 'start' : `after move ${i} (${by})`}: ${label}, ${v.outcome}${v.remoteness !== null && v.remoteness !== undefined ? `, remoteness ${v.remoteness}` : ''}` },
        el('span', { style: `height:${h}px` }), label);
    }));
  }

  record();
  draw();
  if (first === 'computer' && !view.over) {
    busy = true;
    status.textContent = 'The computer is thinking…';
    status.dataset.state = 'thinking';
    setTimeout(computer, 200);
  }
}
