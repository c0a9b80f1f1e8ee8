// The WebAssembly module (crates/grundy-web), loaded once for the views that run on the page's
// own thread; the sequence view runs its computations in a worker (worker.js).

import init, * as grundy from './pkg/grundy_web.js';

/** Resolves to the module's exports once it is instantiated. */
export const ready = init().then(() => grundy);

/** The parsed answer of an exported function: the report, or `{ error }`. */
export function call(fn, ...args) {
  try {
    return JSON.parse(fn(...args));
  } catch (e) {
    return { error: String(e && e.message ? e.message : e) };
  }
}
