// The page's entry point: views, navigation and language.

import { pickLanguage, setLanguage, t } from './i18n.js';
import { rulesView } from './rules.js';
import { diceView } from './dice.js';
import { attackView } from './attack.js';
import { costView } from './cost.js';
import { apiView } from './apidocs.js';

const views = { rules: rulesView(), dice: diceView(), attack: attackView(), cost: costView(), api: apiView() };

// route shows the view for the current path: "/" and "/r/{id}" are rules,
// "/dice" dice, "/attack" the attack calculator, "/cost" unit points,
// "/api" the API's routes.
function route() {
  const path = location.pathname;
  let name = 'rules';
  if (path === '/dice') name = 'dice';
  if (path === '/attack') name = 'attack';
  if (path === '/cost') name = 'cost';
  if (path === '/api') name = 'api';
  for (const [n, v] of Object.entries(views)) {
    document.getElementById(`view-${n}`).hidden = n !== name;
    if (n === name) v.show(path);
  }
  for (const a of document.querySelectorAll('a[data-nav]:not(.brand)')) {
    if (a.dataset.nav === name) a.setAttribute('aria-current', 'page');
    else a.removeAttribute('aria-current');
  }
  document.title = `${t(`nav.${name}`)} · Kostka`;
}

export function navigate(path) {
  if (path !== location.pathname + location.search) history.pushState(null, '', path);
  route();
}

document.addEventListener('click', (e) => {
  const a = e.target.closest('a[href^="/"]');
  if (!a || a.target || e.ctrlKey || e.metaKey || e.shiftKey) return;
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
lang.addEventListener('change', () => {
  setLanguage(lang.value);
  route();
});
route();
