// The WebAssembly module (crates/grundy-web), loaded once, on first use, for the views that run on
// the page's own thread; the sequence and misère views compute in a worker (worker.js).

import init, * as grundy from './pkg/grundy_web.js';

let loading = null;

/** Resolves to the module's exports once it is instantiated (loaded on first use, so a view that
 * computes only in the worker does not wait for a second copy on the page's thread). */
export function ready() {
  loading ??= init().then(() => grundy);
  return loading;
}

/** The parsed answer of an exported function: the report, or `{ error }`. */
export function call(fn, ...args) {
  try {
    return JSON.parse(fn(...args));
  } catch (e) {
    return { error: String(e && e.message ? e.message : e) };
  }
}
