// The page's entry point: views, navigation and language.

import { pickLanguage, setLanguage, t } from './i18n.js';
import { rulesView } from './rules.js';
import { diceView } from './dice.js';
import { attackView } from './attack.js';
import { costView } from './cost.js';

// The API page (its module and its translations, 12 KB) loads only when
// it is opened: no other view needs it.
let apiPage = null;
const api = { show: (path) => import('./apidocs.js').then((m) => { apiPage = apiPage || m.apiView(); apiPage.show(path); }) };

// The compare view (its module, chart, texts and style) loads on demand too.
let comparePage = null;
const compare = { show: () => import('./compare.js').then((m) => { comparePage = comparePage || m.compareView(); return comparePage.show(); }) };

const views = { rules: rulesView(), dice: diceView(), attack: attackView(), cost: costView(), compare, api, missing: { show() {} } };

// viewOf names the view of a path: "/" and "/r/{id}" are rules, "/dice"
// dice, "/attack" the attack calculator, "/cost" unit points, "/compare"
// the comparison of units, "/api" the API's routes; any other path is the "no such page" view (the server
// answers it with 404).
function viewOf(path) {
  if (path === '/' || /^\/r\/[^/]+$/.test(path)) return 'rules';
  return { '/dice': 'dice', '/attack': 'attack', '/cost': 'cost', '/compare': 'compare', '/api': 'api' }[path] || 'missing';
}

// last is each view's address as last shown (its inputs in the query), so
// that its link in the header brings back what was typed there.
const last = {};
let shown = '';

// route shows the view for the current address; a change of view moves
// the focus to the view's heading, so that a screen reader says where it is.
function route() {
  const path = location.pathname;
  const name = viewOf(path);
  for (const [n, v] of Object.entries(views)) {
    document.getElementById(`view-${n}`).hidden = n !== name;
    if (n === name) v.show(path);
  }
  for (const a of document.querySelectorAll('a[data-nav]')) {
    if (!a.classList.contains('brand') && a.dataset.nav === name) {
      a.setAttribute('aria-current', 'page');
      // A phone scrolls the header's links: the current one is shown.
      const nav = a.parentNode, r = a.getBoundingClientRect(), n = nav.getBoundingClientRect();
      if (r.left < n.left || r.right > n.right) nav.scrollLeft += r.left - n.left - (n.width - r.width) / 2;
    } else a.removeAttribute('aria-current');
    if (last[a.dataset.nav] && !a.classList.contains('brand')) a.setAttribute('href', last[a.dataset.nav]);
  }
  document.title = `${t(`nav.${name}`)} · Kostka`;
  if (shown && shown !== name) {
    const h = document.querySelector(`#view-${name} h1`);
    h.tabIndex = -1;
    h.focus({ preventScroll: true });
    window.scrollTo(0, 0);
  }
  shown = name;
  remember();
}

// remember keeps the current address as its view's last one.
function remember() {
  const name = viewOf(location.pathname);
  if (name === 'rules' && location.pathname !== '/') return;
  last[name] = location.pathname + location.search;
  const a = document.querySelector(`nav a[data-nav="${name}"]`);
  if (a) a.setAttribute('href', last[name]);
}
window.addEventListener('kostka:state', remember);

export function navigate(path) {
  if (path !== location.pathname + location.search) history.pushState(null, '', path);
  route();
}

document.addEventListener('click', (e) => {
  const a = e.target.closest('a[href^="/"]');
  if (!a || a.target || a.hasAttribute('download') || e.ctrlKey || e.metaKey || e.shiftKey) return;
  e.preventDefault();
  navigate(a.getAttribute('href'));
});
window.addEventListener('popstate', route);

// The skip link takes keyboard users past the header to the open view's
// first field.
document.querySelector('.skip').addEventListener('click', (e) => {
  e.preventDefault();
  const view = document.querySelector('.view:not([hidden])');
  const first = view && view.querySelector('input, select, textarea, button');
  if (first) first.focus();
});

const lang = document.getElementById('lang');
lang.value = pickLanguage();
setLanguage(lang.value);
document.documentElement.classList.remove('i18n-wait');
lang.addEventListener('change', () => {
  setLanguage(lang.value);
  route();
});
route();
