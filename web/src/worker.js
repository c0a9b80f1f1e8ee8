// The worker of the long computations (the sequence, misère and search views): runs an export of
// the WebAssembly module off the page's thread — `seq` with progress posted at most every 50 ms,
// `misere`, or `search` with the search's progress line (the library posts it at most every
// 50 ms) — and posts the report's JSON text. Cancelling is terminating the worker; each
// computation gets a fresh one.

import init, { misere, search, seq_with_progress } from './pkg/grundy_web.js';

const ready = init();

function seq({ ruleset, to }) {
  let last = 0;
  return seq_with_progress(ruleset, to, (done, total) => {
    const now = performance.now();
    if (now - last >= 50) {
      last = now;
      self.postMessage({ type: 'progress', done, total });
    }
  });
}

const jobs = {
  seq,
  misere: ({ ruleset, maxHeap, seconds }) => misere(ruleset, maxHeap, seconds),
  search: ({ game, key, text, memory }) => search(game, key, text, memory,
    (line, done, total) => self.postMessage({ type: 'progress', line, done, total })),
};

self.onmessage = async (event) => {
  const { job = 'seq', ...args } = event.data;
  try {
    await ready;
    const run = jobs[job];
    const json = run ? run(args) : JSON.stringify({ error: `no job '${job}'` });
    self.postMessage({ type: 'done', json });
  } catch (e) {
    self.postMessage({ type: 'done', json: JSON.stringify({ error: String(e && e.message ? e.message : e) }) });
  }
};
