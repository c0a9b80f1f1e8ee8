// The web page's budgets, measured (a benchmark, not a test): the compressed size of the page
// (gzip -9 of the wasm module, scripts, styles and HTML), the time from navigation to the first
// rendered view, and `#/seq?ruleset=0.007&to=100000` in the browser against `grundy seq` natively.
// Run after web/build: `node web/bench.mjs` (GRUNDY_CLI, CHROMIUM as for web/tests).

import { spawn, execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, 'dist');
const cli = process.env.GRUNDY_CLI || join(here, '..', 'target', 'release', 'grundy');
const runs = 5;

function files(dir) {
  return readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? files(join(dir, f)) : [join(dir, f)]));
}
let raw = 0;
let gz = 0;
for (const f of files(dist)) {
  const b = readFileSync(f);
  raw += b.length;
  gz += gzipSync(b, { level: 9 }).length;
}
console.log(`page: ${(raw / 1e6).toFixed(3)} MB, gzip -9 ${(gz / 1e6).toFixed(3)} MB (budget 1.5 MB)`);

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const server = spawn(cli, ['serve', '--port', '0', '--dir', dist], { stdio: ['ignore', 'pipe', 'inherit'] });
const base = await new Promise((resolve) => {
  let text = '';
  server.stdout.on('data', (d) => {
    text += d;
    const m = text.match(/at (http:\/\/127\.0\.0\.1:\d+\/)/);
    if (m) resolve(m[1]);
  });
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

async function timeTo(hash, selector) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(base + hash);
  await page.waitForSelector(selector, { timeout: 120000 });
  const ms = await page.evaluate(() => performance.now());
  await context.close();
  return ms;
}

for (const [name, hash, sel] of [['play', '#/play?nim=3,4,5', '[data-testid="summary"]'], ['seq', '#/seq?ruleset=0.77&to=1000', '[data-field="checksum"]']]) {
  const t = [];
  for (let i = 0; i < runs; i++) t.push(await timeTo(hash, sel));
  console.log(`first view ${name}: median ${median(t).toFixed(0)} ms from navigation (budget 1000 ms; runs ${t.map((x) => x.toFixed(0)).join(' ')})`);
}

const browserSeq = [];
for (let i = 0; i < runs; i++) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(base + '#/seq?ruleset=0.007&to=100000');
  await page.waitForSelector('[data-field="time"]', { timeout: 120000 });
  browserSeq.push(Number((await page.locator('[data-field="time"]').innerText()).split(' ')[0]));
  await context.close();
}
function nativeTime(extra) {
  const t = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    execFileSync(cli, ['seq', '0.007', '--to', '100000', '--quiet', ...extra]);
    t.push(Number(process.hrtime.bigint() - start) / 1e9);
  }
  return median(t);
}
const b = median(browserSeq);
for (const [what, extra] of [['default threads', []], ['one thread', ['--threads', '1']]]) {
  const n = nativeTime(extra);
  console.log(`seq 0.007 to 100000: browser ${b.toFixed(3)} s (worker start included), native CLI ${n.toFixed(3)} s (${what}, process start included): ${(b / n).toFixed(2)}x (budget 3x)`);
}
await browser.close();
server.kill();
