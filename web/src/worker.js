// The sequence view's worker: computes `grundy seq` in the WebAssembly module off the page's
// thread, posting progress (at most every 50 ms) and then the report's JSON text. Cancelling is
// terminating the worker; each computation gets a fresh one.

import init, { seq_with_progress } from './pkg/grundy_web.js';

const ready = init();

self.onmessage = async (event) => {
  const { ruleset, to } = event.data;
  try {
    await ready;
    let last = 0;
    const json = seq_with_progress(ruleset, to, (done, total) => {
      const now = performance.now();
      if (now - last >= 50) {
        last = now;
        self.postMessage({ type: 'progress', done, total });
      }
    });
    self.postMessage({ type: 'done', json });
  } catch (e) {
    self.postMessage({ type: 'done', json: JSON.stringify({ error: String(e && e.message ? e.message : e) }) });
  }
};
