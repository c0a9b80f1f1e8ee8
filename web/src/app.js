// The page's entry: the router (each view's whole state is in the URL's hash, so a link reproduces
// it), the light/dark theme switch, and the one place where a failure becomes a message on the page
// instead of an exception in the console.

import { route, errorBox, el } from './ui.js';
import * as seq from './seq.js';
import * as play from './play.js';
import * as misere from './misere.js';
import * as graph from './graph.js';
import * as table from './table.js';
import * as guess from './guess.js';
import { view as searchView } from './search.js';

const views = {
  seq, play, misere, graph, table, guess,
  cram: searchView('cram'),
  'node-kayles': searchView('node-kayles'),
  'arc-kayles': searchView('arc-kayles'),
  sprouts: searchView('sprouts'),
};
const root = document.getElementById('view');

async function show() {
  const { view, params } = route();
  for (const a of document.querySelectorAll('nav a')) {
    if (a.dataset.view === view) a.setAttribute('aria-current', 'page');
    else a.removeAttribute('aria-current');
  }
  for (const other of Object.values(views)) other.leave?.();
  const v = views[view];
  if (!v) {
    root.replaceChildren(el('h1', {}, 'Unknown view'), errorBox(`no view '${view}' (known: ${Object.keys(views).join(', ')})`));
    return;
  }
  try {
    await v.render(root, params);
  } catch (e) {
    root.append(errorBox(String(e && e.message ? e.message : e)));
  }
  document.body.dataset.ready = view;
}

function initTheme() {
  const saved = localStorage.getItem('grundy-theme');
  if (saved) document.documentElement.dataset.theme = saved;
  document.getElementById('theme').addEventListener('click', () => {
    const dark = document.documentElement.dataset.theme === 'dark'
      || (!document.documentElement.dataset.theme && matchMedia('(prefers-color-scheme: dark)').matches);
    const next = dark ? 'light' : 'dark';
    document.documentElement.dataset.theme = next;
    localStorage.setItem('grundy-theme', next);
    show();
  });
}

initTheme();
window.addEventListener('hashchange', show);
show();
