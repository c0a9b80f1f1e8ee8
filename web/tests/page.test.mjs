// Browser tests of the web page (web/dist, built by web/build) in headless Debian Chromium,
// driven by playwright-core and served by `grundy serve`: every view loaded from its URL shows
// the figures `grundy … --json` prints for the same input; games of Nim and Kayles played to the
// end by clicks against the opponent, which never misses a win; undo; misère play; the CLI's
// error message for a bad ruleset; no console errors. Screenshots go to web/test-output/.
//
// Environment: GRUNDY_CLI (the grundy binary; default target/release/grundy), CHROMIUM
// (default /usr/bin/chromium).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '..', '..');
const cliPath = process.env.GRUNDY_CLI || join(repo, 'target', 'release', 'grundy');
const shots = join(here, '..', 'test-output');
mkdirSync(shots, { recursive: true });
const scratch = mkdtempSync(join(tmpdir(), 'grundy-web-'));

let server;
let base;
let browser;

/** `grundy ARGS --json`, parsed. */
function cli(...args) {
  return JSON.parse(execFileSync(cliPath, [...args, '--json'], { encoding: 'utf8' }));
}

/** `grundy ARGS` expected to fail: its stderr. */
function cliError(...args) {
  try {
    execFileSync(cliPath, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (e) {
    return e.stderr.trim();
  }
  throw new Error(`grundy ${args.join(' ')} succeeded`);
}

function positionFile(name, text) {
  const path = join(scratch, name);
  writeFileSync(path, text);
  return path;
}

before(async () => {
  server = spawn(cliPath, ['serve', '--port', '0', '--dir', join(repo, 'web', 'dist')], { stdio: ['ignore', 'pipe', 'inherit'] });
  base = await new Promise((resolve, reject) => {
    let text = '';
    server.stdout.on('data', (d) => {
      text += d;
      const m = text.match(/at (http:\/\/127\.0\.0\.1:\d+\/)/);
      if (m) resolve(m[1]);
    });
    server.on('exit', (code) => reject(new Error(`grundy serve exited with ${code}`)));
  });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
});

after(async () => {
  await browser?.close();
  server?.kill();
});

/** A fresh page at `hash`, recording console errors; resolves once the view has rendered. */
async function open(hash, options = {}) {
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 }, ...options });
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(base + hash);
  await page.waitForSelector('body[data-ready]');
  page.errors = errors;
  page.done = async (shot) => {
    if (shot) await page.screenshot({ path: join(shots, `${shot}.png`), fullPage: true });
    assert.deepEqual(errors, [], 'no console errors');
    await context.close();
  };
  return page;
}

const field = (page, name) => page.locator(`[data-field="${name}"]`).innerText();

async function seqFigures(page) {
  await page.waitForSelector('[data-field="checksum"], [data-testid="error"]', { timeout: 60000 });
  return {
    period: await field(page, 'period'),
    preperiod: await field(page, 'preperiod'),
    proved: await field(page, 'proved'),
    largest: await field(page, 'largest'),
    p_positions: await field(page, 'p_positions'),
    checksum: await field(page, 'checksum'),
    period_line: await field(page, 'period_line'),
  };
}

test('seq: Kayles to 1000 shows grundy seq --json, values table with P-positions marked', async () => {
  const page = await open('#/seq?ruleset=0.77&to=1000');
  const shown = await seqFigures(page);
  const want = cli('seq', '0.77', '--to', '1000');
  assert.equal(shown.checksum, want.checksum);
  assert.equal(shown.largest, String(want.largest));
  assert.equal(shown.p_positions, String(want.p_positions));
  assert.equal(shown.period, String(want.period));
  assert.equal(shown.preperiod, String(want.preperiod));
  assert.equal(shown.proved, String(want.proved));
  const text = execFileSync(cliPath, ['seq', '0.77', '--to', '1000'], { encoding: 'utf8' });
  assert.equal(`period: ${shown.period_line}`, text.split('\n').find((l) => l.startsWith('period: ')));
  const cells = await page.locator('[data-testid="values"] td[data-n]').evaluateAll((tds) => tds.map((td) => [Number(td.dataset.n), Number(td.textContent), td.classList.contains('p')]));
  assert.equal(cells.length, 500);
  for (const [n, v, p] of cells) {
    assert.equal(v, want.values[n], `G(${n})`);
    assert.equal(p, want.values[n] === 0, `P mark of ${n}`);
  }
  await page.done('seq-kayles');
});

test('seq: a subtraction game, apparent vs proved, from its URL', async () => {
  for (const [ruleset, to] of [['sub:1,3,4', 200], ['0.16', 3000], ['allbut:1,2', 300]]) {
    const page = await open(`#/seq?ruleset=${encodeURIComponent(ruleset)}&to=${to}`);
    const shown = await seqFigures(page);
    const want = cli('seq', ruleset, '--to', String(to));
    assert.equal(shown.checksum, want.checksum, ruleset);
    assert.equal(shown.proved, String(want.proved), ruleset);
    assert.equal(shown.period, String(want.period ?? ''), ruleset);
    await page.done(ruleset === '0.16' ? 'seq-apparent' : null);
  }
});

test('seq: a long run shows progress and can be cancelled; the page stays responsive', async () => {
  const page = await open('#/seq?ruleset=0.16&to=20000000');
  await page.waitForSelector('[data-testid="progress"]');
  // the main thread answers while the worker computes
  assert.equal(await page.evaluate(() => 1 + 1), 2);
  await page.locator('[data-testid="progress"] progress').evaluate((p) => new Promise((resolve) => {
    const check = () => (p.value > 0 ? resolve() : setTimeout(check, 20));
    check();
  }));
  await page.screenshot({ path: join(shots, 'seq-progress.png') });
  await page.click('[data-testid="cancel"]');
  await page.waitForSelector('[data-testid="cancelled"]');
  assert.equal(await page.locator('[data-field="checksum"]').count(), 0);
  await page.done();
});

test('seq: a bad ruleset shows the CLI\'s message', async () => {
  const page = await open('#/seq?ruleset=0.9x&to=10');
  await page.waitForSelector('[data-testid="error"]');
  assert.equal(await page.locator('[data-testid="error"]').innerText(), cliError('seq', '0.9x', '--to', '10'));
  await page.done('seq-error');
});

/** The current view of a play page, read from its board. */
async function playState(page) {
  await page.waitForFunction(() => document.querySelector('[data-testid="status"]')?.dataset.state !== 'thinking');
  return {
    state: await page.locator('[data-testid="status"]').getAttribute('data-state'),
    moves: await page.locator('.moves button[data-move], button.counter[data-move]').evaluateAll((bs) => bs.map((b) => ({ index: Number(b.dataset.move), after: b.dataset.after, of: b.dataset.of, said: b.dataset.said }))),
    summary: await page.locator('[data-testid="summary"]').innerText(),
  };
}

/**
 * Make move `m` by clicking the drawing: a heap of a heap ruleset or a step of the staircase
 * (`m.of`, "component:heap") is clicked, then the move among those shown beside it; a Nim counter
 * or a move button is clicked directly.
 */
async function clickMove(page, m) {
  if (m.of) {
    await page.click(`button[data-pile="${m.of}"]`);
    await page.click(`[data-chooser="${m.of}"] [data-move="${m.index}"]`);
  } else {
    await page.click(`[data-move="${m.index}"]`);
  }
}

/**
 * Play to the end by clicks: `choose(moves)` picks our move; after each of our moves that leaves
 * the computer a winning position (N), its reply must leave us a losing one (P) — it never misses
 * a win. Returns the final status state.
 */
async function playOut(page, choose) {
  for (let turn = 0; turn < 200; turn++) {
    const s = await playState(page);
    if (s.state.startsWith('over')) return s.state;
    assert.equal(s.state, 'your-turn');
    const m = choose(s.moves);
    await clickMove(page, m);
    const after = await playState(page);
    if (m.after === 'N' && !after.state.startsWith('over')) {
      assert.match(after.summary, /outcome P/, 'the computer answered a losing move with a win');
    }
  }
  throw new Error('the game did not end');
}

test('play: Nim 3 4 5 matches grundy solve --json; a losing move is punished to the end', async () => {
  const page = await open('#/play?nim=3,4,5&hints=1');
  const want = cli('solve', positionFile('nim.toml', '[[component]]\nkind = "nim"\nheaps = [3,4,5]\n'));
  const s = await playState(page);
  assert.match(s.summary, new RegExp(`value \\*${want.value}, outcome ${want.outcome}, ${want.winning_move_count} winning`));
  assert.equal(s.moves.filter((m) => m.after === 'P').length, want.winning_move_count);
  await page.screenshot({ path: join(shots, 'play-nim.png'), fullPage: true });
  // always a losing move when there is one: the computer must win
  const end = await playOut(page, (moves) => moves.find((m) => m.after === 'N') ?? moves[0]);
  assert.equal(end, 'over-computer-wins');
  assert.match(await page.locator('[data-testid="status"]').innerText(), /The computer wins/);
  await page.done('play-nim-end');
});

test('play: Kayles 5 3 played perfectly by clicks is won; the opponent never lets a win slip', async () => {
  const page = await open('#/play?kayles=5,3');
  const want = cli('solve', positionFile('kayles.toml', '[[component]]\nkind = "heap"\nruleset = "kayles"\nheaps = [5,3]\n'));
  const s = await playState(page);
  assert.match(s.summary, new RegExp(`value \\*${want.value}, outcome ${want.outcome}`));
  const end = await playOut(page, (moves) => moves.find((m) => m.after === 'P') ?? moves[0]);
  assert.equal(end, 'over-you-win');
  await page.done('play-kayles-end');
});

test('play: Kayles with the computer first, we blunder — it wins', async () => {
  const page = await open('#/play?kayles=4,4,1&first=computer');
  const end = await playOut(page, (moves) => moves.find((m) => m.after === 'N') ?? moves[moves.length - 1]);
  assert.equal(end, 'over-computer-wins');
  await page.done();
});

test('play: undo takes back our move and the reply', async () => {
  const page = await open('#/play?nim=3,4,5');
  const start = await playState(page);
  await page.click(`[data-move="${start.moves[0].index}"]`);
  const mid = await playState(page);
  assert.notEqual(mid.summary, start.summary);
  assert.equal(await page.locator('[data-testid="history"] .bar').count(), 3);
  await page.click('[data-testid="undo"]');
  const back = await playState(page);
  assert.equal(back.summary, start.summary);
  assert.equal(await page.locator('[data-testid="history"] .bar').count(), 1);
  assert.ok(await page.locator('[data-testid="undo"]').isDisabled());
  await page.done();
});

test('play: misère Nim matches grundy solve --misere --json and the last move loses', async () => {
  const page = await open('#/play?nim=1,1,2&misere=1&hints=1');
  const want = cli('solve', '--misere', positionFile('misere.toml', '[[component]]\nkind = "nim"\nheaps = [1,1,2]\n'));
  const s = await playState(page);
  assert.match(s.summary, new RegExp(`outcome ${want.outcome}, ${want.winning_move_count} winning`));
  await page.screenshot({ path: join(shots, 'play-misere.png'), fullPage: true });
  const end = await playOut(page, (moves) => moves.find((m) => m.after === 'P') ?? moves[0]);
  assert.equal(end, want.outcome === 'N' ? 'over-you-win' : 'over-computer-wins');
  assert.match(await page.locator('[data-testid="status"]').innerText(), /loses under misère play/);
  await page.done();
});

test('play: tokens on a drawn graph match grundy graph --json, played to the end', async () => {
  const edges = '0-1,1-2,2-3,0-2,3-4';
  const page = await open(`#/play?graph=${edges}&tokens=0,1&hints=1`);
  const file = positionFile('play-graph.txt', edges.split(',').map((e) => e.replace('-', ' ')).join('\n') + '\n');
  const want = cli('graph', file, '--tokens', '0,1', '--quiet');
  const s = await playState(page);
  assert.match(s.summary, new RegExp(`value \\*${want.value}, outcome ${want.outcome}, ${want.winning_moves.length} winning`));
  assert.equal(await page.locator('svg.graph circle.token').count(), 2);
  await page.screenshot({ path: join(shots, 'play-graph.png'), fullPage: true });
  const end = await playOut(page, (moves) => moves.find((m) => m.after === 'P') ?? moves[0]);
  assert.equal(end, want.outcome === 'N' ? 'over-you-win' : 'over-computer-wins');
  await page.done();
});

test('play: misère Kayles (by the misère quotient) matches grundy solve --misere --json, won by clicks', async () => {
  const page = await open('#/play?kayles=5,3&misere=1');
  const want = cli('solve', '--misere', positionFile('misere-kayles.toml', '[[component]]\nkind = "heap"\nruleset = "kayles"\nheaps = [5,3]\n'));
  const s = await playState(page);
  assert.match(s.summary, new RegExp(`outcome ${want.outcome}, ${want.winning_move_count} winning move\\(s\\), \\d+ legal move\\(s\\); solved by ${want.method.replace(/_/g, ' ')}`));
  const end = await playOut(page, (moves) => moves.find((m) => m.after === 'P') ?? moves[0]);
  assert.equal(end, want.outcome === 'N' ? 'over-you-win' : 'over-computer-wins');
  await page.done('play-misere-kayles');
});

test('play: a malformed position shows the library\'s message', async () => {
  const page = await open('#/play?position=' + encodeURIComponent('[[component]]\nkind = "nim"\nheaps = [3, "x"]\n'));
  await page.waitForSelector('[data-testid="error"]');
  const shown = await page.locator('[data-testid="error"]').innerText();
  const stderr = cliError('solve', positionFile('bad.toml', '[[component]]\nkind = "nim"\nheaps = [3, "x"]\n'));
  assert.equal(shown, stderr);
  await page.done();
});

test('misere: the quotient of 0.75 matches grundy misere --json', async () => {
  const page = await open('#/misere?ruleset=0.75');
  await page.waitForSelector('[data-field="order"]');
  const want = cli('misere', '0.75', '--quiet');
  assert.equal(await field(page, 'order'), String(want.order));
  assert.equal(await field(page, 'p_portion_size'), String(want.p_portion_size));
  assert.equal(await field(page, 'presentation'), want.presentation);
  assert.equal(await field(page, 'p_portion'), want.p_portion.join(', '));
  const phi = await page.locator('[data-testid="pretending"] td').allInnerTexts();
  assert.deepEqual(phi, want.pretending);
  await page.done('misere');
});

test('graph: values (with infinite ones) match grundy graph --values --json', async () => {
  const edges = '0-1,1-0,1-2,2-3,4-3,4-0,5-4,5-2';
  const page = await open(`#/graph?edges=${edges}&tokens=0,5`);
  await page.waitForSelector('[data-testid="vertex-values"]');
  const file = positionFile('g.txt', edges.split(',').map((e) => e.replace('-', ' ')).join('\n') + '\n');
  const want = cli('graph', file, '--tokens', '0,5', '--values', '--quiet');
  const shown = await page.locator('[data-testid="vertex-values"] td[data-v]').allInnerTexts();
  const text = (v) => (typeof v === 'number' ? `*${v}` : `∞(${v.inf.join(',')})`);
  assert.deepEqual(shown, want.values.map(text));
  assert.equal(await field(page, 'outcome'), want.outcome);
  await page.done('graph');
});

test('table: Wythoff\'s P-positions are the theorem\'s', async () => {
  const page = await open('#/table?game=wythoff&size=64');
  await page.waitForSelector('[data-field="p_positions"]');
  const phi = (1 + Math.sqrt(5)) / 2;
  let count = 0;
  for (let k = 0; Math.floor(k * phi) < 64; k++) {
    const a = Math.floor(k * phi);
    const b = a + k;
    count += k === 0 ? 1 : b < 64 ? 2 : 0; // (a, b) and (b, a)
  }
  assert.match(await field(page, 'p_positions'), new RegExp(`^${count}: \\(0,0\\) \\(1,2\\) \\(2,1\\) \\(3,5\\)`));
  await page.done('table-wythoff');
});

test('narrow dark page, keyboard play: a phone-width Nim game by Tab and Enter', async () => {
  const page = await open('#/play?nim=2,3,3&hints=1', { viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `no horizontal scrolling (${width}px)`);
  await page.focus('[data-move]');
  await page.keyboard.press('Enter');
  await playState(page);
  assert.ok((await page.locator('[data-testid="history"] .bar').count()) >= 2, 'the move was made from the keyboard');
  if (!(await playState(page)).state.startsWith('over')) {
    // after the reply the focus is back on a move, so the game goes on from the keyboard
    assert.equal(await page.evaluate(() => document.activeElement?.hasAttribute('data-move')), true);
  }
  await page.done('play-narrow-dark');
  // the theme button switches (and remembers) light and dark
  const light = await open('#/table?sum=kayles,nim&size=24', { colorScheme: 'light' });
  await light.click('#theme');
  await light.waitForSelector('[data-field="largest"]');
  assert.equal(await light.evaluate(() => document.documentElement.dataset.theme), 'dark');
  assert.equal(await light.evaluate(() => getComputedStyle(document.documentElement).colorScheme), 'dark');
  await light.done('table-sum-dark');
  const seq = await open('#/seq?ruleset=0.07&to=300', { viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
  await seqFigures(seq);
  await seq.done('seq-narrow-dark');
});

/** Nim by the definition of remoteness (winner hurries, loser delays): `{ outcome, remoteness }`. */
function nimRemoteness(heaps, misere, memo = new Map()) {
  const key = [...heaps].sort((a, b) => a - b).join(',');
  if (memo.has(key)) return memo.get(key);
  const opts = [];
  heaps.forEach((h, i) => {
    for (let to = 0; to < h; to++) opts.push(nimRemoteness(heaps.map((x, j) => (j === i ? to : x)), misere, memo));
  });
  let r;
  if (opts.length === 0) r = { outcome: misere ? 'N' : 'P', remoteness: 0 };
  else {
    const p = opts.filter((o) => o.outcome === 'P').map((o) => o.remoteness);
    r = p.length ? { outcome: 'N', remoteness: 1 + Math.min(...p) } : { outcome: 'P', remoteness: 1 + Math.max(...opts.map((o) => o.remoteness)) };
  }
  memo.set(key, r);
  return r;
}

test('play: remoteness of Nim 1 2 4 and of every move = brute force = grundy solve --remoteness --json', async () => {
  for (const misere of [false, true]) {
    const heaps = [1, 2, 4];
    const page = await open(`#/play?nim=${heaps.join(',')}&hints=1${misere ? '&misere=1' : ''}`);
    const s = await playState(page);
    const file = positionFile('nim-remote.toml', `[[component]]\nkind = "nim"\nheaps = [${heaps.join(',')}]\n`);
    const want = cli('solve', '--remoteness', ...(misere ? ['--misere'] : []), file);
    const brute = nimRemoteness(heaps, misere);
    assert.equal(want.remoteness, brute.remoteness);
    const shown = page.locator('[data-testid="remoteness"]');
    assert.equal(await shown.getAttribute('data-remoteness'), String(brute.remoteness));
    assert.match(await shown.innerText(), new RegExp(`^Remoteness ${brute.remoteness}: the player to move ${brute.outcome === 'N' ? 'wins' : 'loses'}`));
    assert.match(await page.locator('[data-testid="status"]').innerText(), new RegExp(`${brute.outcome === 'N' ? 'win' : 'lose'} in ${brute.remoteness}\\.$`));
    // every counter (a move) says how the game ends after it, from the mover's side
    const counters = await page.locator('button.counter[data-move]').evaluateAll((bs) => bs.map((b) => [b.getAttribute('aria-label'), b.dataset.said]));
    assert.equal(counters.length, 7);
    for (const [label, said] of counters) {
      const [, heap, to] = label.match(/heap (\d+): take \d+, leaving (\d+)/).map(Number);
      const left = nimRemoteness(heaps.map((x, j) => (j === heap ? to : x)), misere);
      assert.equal(said, `${left.outcome === 'P' ? 'win' : 'lose'} in ${left.remoteness + 1}`, label);
    }
    // the winner hurries: the computer's reply leaves us the remoteness the tables say
    if (brute.outcome === 'N') {
      const fastest = s.moves.find((m) => m.said === `win in ${brute.remoteness}`);
      assert.ok(fastest, 'a move wins in the remoteness');
      await page.click(`[data-move="${fastest.index}"]`);
      await playState(page);
      const after = await page.locator('[data-testid="remoteness"]').getAttribute('data-remoteness');
      assert.equal(Number(after), brute.remoteness - 2, 'our move and its reply bring the end two moves nearer');
    }
    await page.done(misere ? null : 'play-remoteness');
  }
});

test('play: Kayles (0.77) played to the end by clicking heaps in the drawing; the opponent never misses a win', async () => {
  const page = await open('#/play?ruleset=0.77&heaps=7,4,2');
  const want = cli('solve', '--remoteness', positionFile('kayles3.toml', '[[component]]\nkind = "heap"\nruleset = "0.77"\nheaps = [7,4,2]\n'));
  const s = await playState(page);
  assert.match(s.summary, new RegExp(`value \\*${want.value}, outcome ${want.outcome}`));
  assert.equal(await page.locator('[data-testid="remoteness"]').getAttribute('data-remoteness'), String(want.remoteness));
  // the list of moves is folded away: moves are made on the drawing
  assert.equal(await page.locator('details.list[open]').count(), 0);
  // click a heap: its moves appear beside it, coloured by outcome; clicking it again closes them
  await page.click('button[data-pile="0:0"]');
  const choices = page.locator('[data-chooser="0:0"] button[data-move]');
  assert.equal(await choices.count(), s.moves.filter((m) => m.of === '0:0').length);
  assert.match(await choices.first().innerText(), /^take \d, (leave|split into) /);
  await page.screenshot({ path: join(shots, 'play-kayles-chooser.png'), fullPage: true });
  await page.click('button[data-pile="0:0"]');
  assert.equal(await page.locator('[data-chooser]').count(), 0);
  // from the keyboard: Enter opens a heap's moves with the focus on the first, Escape closes them
  await page.focus('button[data-pile="0:1"]');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement?.closest('[data-chooser]')?.dataset.chooser), '0:1');
  await page.keyboard.press('Escape');
  assert.equal(await page.locator('[data-chooser]').count(), 0);
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.pile), '0:1');
  // we play perfectly (the position is N) and win; every move is made on the drawing
  assert.equal(want.outcome, 'N');
  let clicks = 0;
  const end = await playOut(page, (moves) => {
    const m = moves.find((x) => x.after === 'P') ?? moves[0];
    assert.ok(m.of, 'a heap move');
    clicks++;
    return m;
  });
  assert.equal(end, 'over-you-win');
  assert.ok(clicks >= 2);
  await page.done('play-kayles-drawing-end');
  // and a blunder is punished: the computer wins from the drawing's game
  const again = await open('#/play?ruleset=0.77&heaps=7,4,2&hints=1');
  assert.equal(await playOut(again, (moves) => moves.find((x) => x.after === 'N') ?? moves[0]), 'over-computer-wins');
  await again.done();
});

test('play: staircase steps are clicked in the drawing; moves carry coins down', async () => {
  const page = await open('#/play?staircase=0,3,1,4&hints=1');
  const want = cli('solve', positionFile('stairs.toml', '[[component]]\nkind = "staircase"\nsteps = [0,3,1,4]\n'));
  assert.equal(await page.locator('button[data-pile="0:0"]').isDisabled(), true, 'the floor has no move');
  await page.click('button[data-pile="0:3"]');
  const labels = await page.locator('[data-chooser="0:3"] button[data-move]').allInnerTexts();
  assert.deepEqual(labels.map((l) => l.split('\n')[0].replace(/(win|lose) in \d+$/, '').trim()),
    ['carry 1 to step 2', 'carry 2 to step 2', 'carry 3 to step 2', 'carry 4 to step 2']);
  const wins = await page.locator('[data-chooser="0:3"] button[data-after="P"]').count();
  assert.equal(wins, want.winning_moves.filter((m) => m.step === 3).length);
  await page.screenshot({ path: join(shots, 'play-staircase-chooser.png'), fullPage: true });
  const end = await playOut(page, (moves) => moves.find((m) => m.after === 'P') ?? moves[0]);
  assert.equal(end, want.outcome === 'N' ? 'over-you-win' : 'over-computer-wins');
  await page.done();
});

test('table: a sum of two rulesets shows G1(a) xor G2(b) as grundy seq --json and grundy solve --json give them', async () => {
  const [r1, r2, size] = ['kayles', '0.07', 40];
  const page = await open(`#/table?sum=${r1},${r2}&size=${size}`);
  await page.waitForSelector('[data-field="p_positions"]');
  const g1 = cli('seq', r1, '--to', String(size - 1)).values;
  const g2 = cli('seq', r2, '--to', String(size - 1)).values;
  const want = g1.map((x) => g2.map((y) => x ^ y));
  const rows = await page.locator('[data-testid="table-values"] tr').evaluateAll((trs) => trs.slice(1).map((tr) => [...tr.querySelectorAll('td')].map((td) => Number(td.textContent))));
  assert.equal(rows.length, 16);
  rows.forEach((row, a) => assert.deepEqual(row, want[a].slice(0, 16), `row ${a}`));
  const flat = want.flat();
  assert.equal(await field(page, 'largest'), String(Math.max(...flat)));
  const p = [];
  want.forEach((row, a) => row.forEach((v, b) => v === 0 && p.push(`(${a},${b})`)));
  assert.equal(await field(page, 'p_positions'), `${p.length}: ${p.slice(0, 24).join(' ')}${p.length > 24 ? ' …' : ''}`);
  // a few cells beyond the printed table, each the value grundy solve gives the two heaps
  for (const [a, b] of [[39, 39], [17, 33], [25, 0]]) {
    const file = positionFile(`sum-${a}-${b}.toml`, `[[component]]\nkind = "heap"\nruleset = "${r1}"\nheaps = [${a}]\n\n[[component]]\nkind = "heap"\nruleset = "${r2}"\nheaps = [${b}]\n`);
    assert.equal(cli('solve', file).value, want[a][b], `G(${a}, ${b})`);
  }
  await page.done('table-sum');
});

test('guess: the first 64 values of Kayles give grundy guess\'s answer, word for word, and the game', async () => {
  // the values as grundy seq computes them; the page's answer against grundy guess --values
  const values = cli('seq', '0.77', '--to', '63', '--quiet').values;
  const file = positionFile('kayles64.txt', values.join(' ') + '\n');
  const page = await open(`#/guess?values=${values.join(',')}&at=1000000`);
  await page.waitForSelector('[data-testid="guess-lines"], [data-testid="error"]');
  const want = cli('guess', '--values', file, '--at', '1000000');
  assert.equal(await field(page, 'certainty'), want.certainty);
  assert.match(await field(page, 'identified'), /^0\.77 \(kayles\), agreeing on 64 values/);
  const text = execFileSync(cliPath, ['guess', '--values', file, '--at', '1000000'], { encoding: 'utf8' })
    .split('\n').filter((l) => l && !l.startsWith('data: ') && !l.startsWith('time: '));
  const shown = (await page.locator('[data-testid="guess-lines"]').innerText()).split('\n');
  assert.equal(shown[0], 'data: 64 values G(0..=63), pasted');
  assert.deepEqual(shown.slice(1), text);
  await page.done('guess-kayles');
});

test('guess: a table of Kayles plus take 1, 2 or 3 names both games, as grundy guess does', async () => {
  const file = join(repo, 'docs', 'data', 'kayles-plus-sub123.txt');
  const cells = readFileSync(file, 'utf8').split('\n').filter((l) => l && !l.startsWith('#')).join('\n');
  const at = '1000000000000,1000003';
  const page = await open(`#/guess?table=1&values=${encodeURIComponent(cells)}&at=${at}`);
  await page.waitForSelector('[data-testid="guess-lines"], [data-testid="error"]');
  const want = cli('guess', '--table', file, '--at', at).identified_factors;
  assert.equal(want.rows.ruleset, '0.77');
  assert.equal(await field(page, 'identified-factors'),
    `rows f(x): 0.77 (kayles), agreeing on 40 values; columns g(y): ${want.columns.ruleset}, agreeing on 30 values`);
  const shown = await page.locator('[data-testid="guess-lines"]').innerText();
  assert.match(shown, new RegExp(`= 1 ⊕ 3 = ${want.predictions[0].value} \\(f\\(1000000000000\\) proved for 0\\.77`));
  await page.done('guess-table-factors');
});

test('guess: a bad value shows the library\'s message with its place', async () => {
  const page = await open('#/guess?values=0,1,x');
  await page.waitForSelector('[data-testid="error"]');
  assert.match(await page.locator('[data-testid="error"]').innerText(), /^error: values: line 1: .*x/);
  await page.done('guess-error');
});

// ---- the search engine's views: Cram, Node-Kayles, Arc-Kayles, Sprouts ----

/** The figures of a search view once its search is done: value, outcome, winning moves (with
 * the position after each) and the cells outlined on the board. */
async function searchShown(page) {
  await page.waitForSelector('[data-field="outcome"], [data-testid="error"], [data-testid="too-large"]', { timeout: 0 });
  const error = await page.locator('[data-testid="error"]').count();
  if (error) throw new Error(await page.locator('[data-testid="error"]').innerText());
  return {
    position: await field(page, 'position'),
    value: await field(page, 'value'),
    outcome: (await field(page, 'outcome')).slice(0, 1),
    moves: await page.locator('[data-testid="winning"] li').evaluateAll((lis) => lis.map((li) => ({ move: li.dataset.move, position: li.querySelector('.after').textContent }))),
    lit: await page.locator('[data-testid="cells"] button.winning').evaluateAll((bs) => bs.map((b) => `${b.dataset.r},${b.dataset.c}`).sort()),
  };
}

/** The cells (`"r,c"` from 0) of the CLI's winning moves on its board. */
function cliCells(game, report) {
  const set = new Set();
  const board = report.position.split('/');
  const present = [];
  board.forEach((row, r) => [...row].forEach((ch, c) => { if (ch === '.') present.push(`${r},${c}`); }));
  for (const m of report.winning_moves) {
    if (game === 'arc-kayles') {
      for (const v of m.move.split('-')) set.add(present[Number(v)]);
    } else {
      for (const cell of m.move.split('-')) {
        const [r, c] = cell.split(',').map(Number);
        set.add(`${r - 1},${c - 1}`);
      }
    }
  }
  return [...set].sort();
}

/** The page's search of `hash` against `grundy search ARGS --moves --json`. */
async function sameAsCli(hash, game, args, shot) {
  const page = await open(hash);
  const shown = await searchShown(page);
  const want = cli('search', game, ...args, '--moves');
  assert.equal(shown.position, want.position, hash);
  assert.equal(shown.value, want.value === null ? '—' : `*${want.value}`, hash);
  assert.equal(shown.outcome, want.outcome, hash);
  assert.deepEqual(shown.moves, want.winning_moves, hash);
  if (game !== 'sprouts' && !args.includes('--edges')) assert.deepEqual(shown.lit, cliCells(game, want), `${hash}: the winning cells`);
  const sh = (a) => (/^[A-Za-z0-9_.,:\/+=@%-]+$/.test(a) ? a : `'${a}'`);
  assert.equal(await page.locator('[data-testid="command"]').innerText(), `grundy search ${game} ${args.map(sh).join(' ')} --moves --json`);
  await page.done(shot);
}

test('cram: small boards match grundy search cram --moves --json, winning moves outlined', async () => {
  await sameAsCli('#/cram?rows=4&cols=5', 'cram', ['--rows', '4', '--cols', '5'], 'cram-4x5');
  await sameAsCli('#/cram?rows=3&cols=3', 'cram', ['--rows', '3', '--cols', '3'], null);
  await sameAsCli('#/cram?board=..%23./..../.%23..', 'cram', ['--board', '..#./..../.#..'], null);
});

test('node-kayles and arc-kayles: grids, boards with holes and edge lists match grundy search', async () => {
  await sameAsCli('#/node-kayles?grid=3x5', 'node-kayles', ['--grid', '3x5'], 'node-kayles-3x5');
  await sameAsCli('#/node-kayles?board=...%23/..../...%23', 'node-kayles', ['--board', '...#/..../...#'], null);
  await sameAsCli('#/arc-kayles?grid=2x4', 'arc-kayles', ['--grid', '2x4'], 'arc-kayles-2x4');
  await sameAsCli('#/arc-kayles?board=...%23/....', 'arc-kayles', ['--board', '...#/....'], null);
  // an edge list: the CLI reads it from a file
  const page = await open('#/node-kayles?edges=0-1,1-2,2-3,3-4,4-0,5');
  const shown = await searchShown(page);
  const file = positionFile('c5.txt', '0 1\n1 2\n2 3\n3 4\n4 0\n5\n');
  const want = cli('search', 'node-kayles', '--edges', file, '--moves');
  assert.equal(shown.value, `*${want.value}`);
  assert.equal(shown.outcome, want.outcome);
  assert.deepEqual(shown.moves, want.winning_moves);
  assert.match(await page.locator('[data-testid="command"]').innerText(), /^printf '0 1\\n1 2\\n2 3\\n3 4\\n4 0\\n5\\n' \| grundy search node-kayles --edges - --moves --json$/);
  await page.done('node-kayles-edges');
});

test('sprouts: positions match grundy search sprouts --moves --json, winning moves as positions', async () => {
  for (const [position, shot] of [['0*4', null], ['0*5', 'sprouts-0x5'], ['0.AB|AB.0', null]]) {
    await sameAsCli(`#/sprouts?position=${encodeURIComponent(position)}`, 'sprouts', ['--position', position], shot);
  }
});

test('cram: clicking a cell fills it (the URL holds the board), and the search follows', async () => {
  const page = await open('#/cram?rows=3&cols=4');
  await searchShown(page);
  await page.click('[data-testid="cells"] button[data-r="0"][data-c="1"]');
  await page.waitForFunction(() => location.hash.includes('board='));
  const shown = await searchShown(page);
  assert.equal(shown.position, '.#../..../....');
  const want = cli('search', 'cram', '--board', '.#../..../....', '--moves');
  assert.equal(shown.value, `*${want.value}`);
  assert.deepEqual(shown.moves, want.winning_moves);
  assert.deepEqual(shown.lit, cliCells('cram', want));
  // and clicking it again clears it
  await page.click('[data-testid="cells"] button[data-r="0"][data-c="1"]');
  await page.waitForFunction(() => location.hash.includes('board=..../'));
  assert.equal((await searchShown(page)).position, '..../..../....');
  await page.done('cram-edited');
});

/** Wait until a game against the engine waits for us or is over: `'you'`, `'engine'` (the
 * winner) or `null` (our move). */
async function searchPlayState(page) {
  await page.waitForFunction(() => {
    const s = document.querySelector('[data-testid="status"]');
    return s && (s.dataset.over || s.textContent.startsWith('Your move ('));
  }, null, { timeout: 0 });
  return page.locator('[data-testid="status"]').evaluate((s) => s.dataset.over || null);
}

/** Play the first winning move (on the board: its cells; Sprouts: its button). */
async function playWinning(page, board) {
  const li = page.locator('[data-testid="winning"] li').first();
  if (board) {
    for (const [r, c] of JSON.parse(await li.getAttribute('data-cells'))) {
      await page.click(`[data-testid="play-board"] button.cell[data-r="${r}"][data-c="${c}"]`);
    }
  } else {
    await page.click(`[data-testid="play-moves"] button[data-move="${await li.getAttribute('data-move')}"]`);
  }
}

test('play: Cram, Node-Kayles and Sprouts against the engine, won by playing the winning moves', async () => {
  for (const [hash, board, shot] of [
    ['#/cram?rows=3&cols=4&play=1', true, 'cram-play'],
    ['#/node-kayles?grid=2x5&play=1', true, null],
    ['#/arc-kayles?grid=2x3&play=1', true, null],
    ['#/sprouts?position=0*3&play=1', false, 'sprouts-play'],
  ]) {
    const page = await open(hash);
    let state;
    let moves = 0;
    while ((state = await searchPlayState(page)) === null) {
      assert.ok(await page.locator('[data-testid="winning"] li').count() > 0, `${hash}: we keep a winning move`);
      await playWinning(page, board);
      moves++;
      if (moves === 1 && shot) {
        await searchPlayState(page);
        await page.screenshot({ path: join(shots, `${shot}.png`), fullPage: true });
      }
    }
    assert.equal(state, 'you', `${hash}: the winning moves win`);
    await page.done();
  }
});

test('play: undo takes back our move and the engine\'s reply', async () => {
  const page = await open('#/cram?rows=3&cols=4&play=1');
  assert.equal(await searchPlayState(page), null);
  assert.equal(await page.locator('[data-testid="undo"]').isDisabled(), true, 'nothing to undo at the start');
  await playWinning(page, true);
  assert.equal(await searchPlayState(page), null, 'after our move and the reply, our turn again');
  assert.equal(await page.locator('[data-testid="play-board"] button.cell.filled').count(), 4, 'two dominoes placed');
  assert.match(await page.locator('[data-testid="last-move"]').innerText(), /^Last move: \d+,\d+-\d+,\d+$/);
  await page.click('[data-testid="undo"]');
  assert.equal(await searchPlayState(page), null);
  assert.equal(await page.locator('[data-testid="play-board"] button.cell.filled').count(), 0, 'back to the empty board');
  assert.equal(await page.locator('[data-testid="undo"]').isDisabled(), true);
  await page.done();
});

test('play: the engine moves first and never lets a win slip', async () => {
  // 2×3 Cram is a first-player win (*1): the engine first wins whatever we do
  const page = await open('#/cram?rows=2&cols=3&play=1&first=computer');
  let state = await searchPlayState(page);
  assert.equal(await page.locator('[data-testid="play-board"] button.cell.filled').count(), 2, 'the engine moved');
  // any legal move of ours, to the end: the engine wins
  while (state === null) {
    const free = await page.locator('[data-testid="play-board"] button.cell.empty').evaluateAll((bs) => bs.map((b) => [Number(b.dataset.r), Number(b.dataset.c)]));
    const p = free.flatMap((a) => free.filter((b) => Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) === 1).map((b) => [a, b]))[0];
    for (const [r, c] of p) await page.click(`[data-testid="play-board"] button.cell[data-r="${r}"][data-c="${c}"]`);
    state = await searchPlayState(page);
  }
  assert.equal(state, 'engine');
  await page.done('cram-play-engine-first');
});

test('search: a long search shows its progress line and is cancelled', async () => {
  const page = await open('#/cram?board=......./......./......./......./......./%23%23%23%23%23%23.');
  // the search's own counters arrive while it runs: a node count above zero
  await page.waitForFunction(() => / [1-9]\d* nodes/.test(document.querySelector('[data-testid="progress-line"]')?.textContent ?? ''), null, { timeout: 0 });
  assert.equal(await page.evaluate(() => 1 + 1), 2, 'the page answers while the worker searches');
  await page.screenshot({ path: join(shots, 'cram-progress.png') });
  await page.click('[data-testid="cancel"]');
  await page.waitForSelector('[data-testid="cancelled"]');
  assert.equal(await page.locator('[data-field="outcome"]').count(), 0);
  await page.done();
});

test('search: a board too large for the browser gets the command that solves it', async () => {
  const page = await open('#/cram?rows=7&cols=7');
  await page.waitForSelector('[data-testid="too-large"]');
  const text = await page.locator('[data-testid="too-large"]').innerText();
  assert.match(text, /49 empty cells, more than the \d+ the page searches in the browser/);
  assert.ok(text.endsWith('grundy search cram --rows 7 --cols 7 --moves'), text);
  assert.equal(await page.locator('[data-testid="progress"]').count(), 0, 'nothing is searched');
  await page.done('cram-too-large');
  const sprouts = await open('#/sprouts?position=0*12');
  await sprouts.waitForSelector('[data-testid="too-large"]');
  assert.match(await sprouts.locator('[data-testid="too-large"]').innerText(), /grundy search sprouts --position '0\*12' --moves$/);
  await sprouts.done();
});

test('search: a malformed board or position names the place', async () => {
  const page = await open('#/cram?board=..x/...');
  await page.waitForSelector('[data-testid="error"]');
  assert.match(await page.locator('[data-testid="error"]').innerText(), /^error: board '\.\.x\/\.\.\.': row 1, column 3: 'x' is not a cell/);
  await page.done('cram-error');
  const sprouts = await open('#/sprouts?position=0.Q');
  await sprouts.waitForSelector('[data-testid="error"]');
  assert.match(await sprouts.locator('[data-testid="error"]').innerText(), /^error: position '0\.Q': /);
  await sprouts.done();
});

test('phone width: every view fits 375 px without scrolling the page sideways', async () => {
  for (const hash of ['#/seq?ruleset=0.77&to=1000', '#/play?nim=3,4,5', '#/misere?ruleset=0.75', '#/graph?edges=0-1,1-2,2-0,2-3&tokens=0',
    '#/table?game=wythoff&size=64', '#/guess?values=0,1,1,2,0,3,1,1,0,3,3,2,2,4,0,5,2,2,3,3,0,1,1,3,0,2,1,1,0,4,5,2,7,4,0,1,1,2,0,3,1,1,0,3,3,2,2,4,4,5,5,2',
    '#/cram?rows=6&cols=6', '#/node-kayles?grid=3x8', '#/arc-kayles?grid=3x4', '#/sprouts?position=0*5', '#/cram?rows=7&cols=7']) {
    const page = await open(hash, { viewport: { width: 375, height: 812 } });
    await page.waitForSelector('[data-field], [data-testid="too-large"], [data-testid="error"], [data-testid="guess-lines"], [data-testid="status"]', { timeout: 0 });
    await page.waitForFunction(() => !document.querySelector('[data-testid="progress"]'), null, { timeout: 0 });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 375, `${hash}: the page is ${width} px wide at 375`);
    const name = hash.slice(2).split('?')[0];
    await page.done(`narrow-${name}${hash.includes('7x7') || hash.includes('rows=7') ? '-too-large' : ''}`);
  }
});

test('seq: the plot zooms (buttons, fields) with the period shaded and a legend', async () => {
  const page = await open('#/seq?ruleset=0.77&to=1000');
  await seqFigures(page);
  const plot = page.locator('[data-testid="plot"]');
  assert.equal(await plot.getAttribute('data-from'), '0');
  assert.equal(await plot.getAttribute('data-to'), '1000');
  assert.match(await page.locator('[data-testid="plot-legend"]').innerText(), /pre-period \(n < 71\).*the first period \(71 ≤ n < 83/);
  await page.click('[data-testid="zoom-period"]');
  assert.equal(await plot.getAttribute('data-from'), '59');
  assert.equal(await plot.getAttribute('data-to'), '107');
  await page.screenshot({ path: join(shots, 'seq-plot-period.png'), fullPage: true });
  await page.click('[data-testid="zoom-out"]');
  assert.ok(Number(await plot.getAttribute('data-to')) - Number(await plot.getAttribute('data-from')) > 48);
  await page.fill('input[name="from"]', '500');
  await page.locator('input[name="from"]').dispatchEvent('change');
  assert.equal(await plot.getAttribute('data-from'), '500');
  await page.click('[data-testid="zoom-all"]');
  assert.equal(await plot.getAttribute('data-to'), '1000');
  await page.done();
});
