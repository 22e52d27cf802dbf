// The points calculator for quality-d6 units: a unit and its weapons in,
// the rulebook's cost with a line per factor out (POST
// /v1/systems/quality-d6/cost).

import { post } from './api.js';
import { language, messages, num, problemText, t } from './i18n.js';
import { unitTools } from './unit.js';
import { query, reveal, setQuery } from './state.js';

const list = (s) => s.split(',').map((x) => x.trim()).filter(Boolean);

// meleeRange reads a weapon's range typed as a word: the word for melee in
// any of the page's languages is melee; anything else goes to the API as
// typed, which says what is wrong with it.
const meleeRange = (s) => Object.values(messages).some((m) => m['cost.melee_range'].toLowerCase() === s.toLowerCase()) ? 'melee' : s;

export function costView() {
  const form = document.getElementById('cost-form');
  const weapons = document.getElementById('cost-weapons');
  const error = document.getElementById('cost-error');
  const result = document.getElementById('cost-result');
  let timer = 0, seq = 0;

  function weaponRow(w = {}) {
    const row = document.getElementById('cost-weapon').content.firstElementChild.cloneNode(true);
    for (const el of row.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
    row.querySelector('[name="name"]').value = w.name || '';
    row.querySelector('[name="attacks"]').value = w.attacks ?? 1;
    const range = w.range ?? 'melee';
    row.querySelector('[name="range"]').value = range === 'melee' ? t('cost.melee_range') : range;
    row.querySelector('[name="ap"]').value = w.ap ?? 0;
    row.querySelector('[name="abilities"]').value = Array.isArray(w.abilities) ? w.abilities.join(', ') : '';
    row.querySelector('.remove').addEventListener('click', () => { row.remove(); save(); schedule(); });
    weapons.append(row);
  }

  function unit() {
    const v = (n) => form.elements[n].value;
    return {
      models: Number(v('models')), quality: Number(v('quality')), defense: Number(v('defense')),
      toughness: Number(v('toughness')), abilities: list(v('unit_abilities')),
      weapons: [...weapons.children].map((row) => {
        const f = (n) => row.querySelector(`[name="${n}"]`).value;
        const range = f('range').trim();
        // A range that is neither inches nor melee is refused here, in
        // words, before the API would name its JSON type.
        if (!/^\d+$/.test(range) && meleeRange(range) !== 'melee') throw new Error(t('cost.badrange'));
        return {
          name: f('name'), attacks: Number(f('attacks')), ap: Number(f('ap')), abilities: list(f('abilities')),
          range: /^\d+$/.test(range) ? Number(range) : meleeRange(range),
        };
      }),
    };
  }

  async function compute() {
    const my = ++seq;
    try {
      const c = await post(`/v1/systems/quality-d6/cost?lang=${language()}`, unit());
      if (my !== seq) return;
      error.hidden = true;
      const total = document.createElement('p');
      total.className = 'total';
      total.textContent = t('cost.total', { n: num(c.total) });
      const per = document.createElement('p');
      per.className = 'status';
      per.textContent = t('cost.per', { n: num(c.per_model.total), kind: t(`cost.${c.category}`) });
      const lines = document.createElement('ol');
      lines.className = 'steps';
      for (const l of c.breakdown) { const li = document.createElement('li'); li.textContent = l.text; lines.append(li); }
      const extra = [];
      for (const [cls, items] of [['warning', c.warnings], ['note', c.notes]]) {
        for (const s of items) { const p = document.createElement('p'); p.className = cls; p.textContent = s.text; extra.push(p); }
      }
      result.replaceChildren(total, per, lines, ...extra);
      return result;
    } catch (e) {
      if (my !== seq) return null;
      // A refused unit has no total: the last one would be read as its.
      result.replaceChildren();
      // The API names the rulebook by its id; the page by its name.
      error.textContent = problemText(e, {
        models: t('cost.models'), quality: t('cost.quality'), defense: t('cost.defense'), toughness: t('cost.toughness'),
        abilities: t('cost.abilities'), weapons: t('cost.weapons'), name: t('cost.name'), attacks: t('cost.attacks'),
        range: t('cost.range').replace(/\s*\(.*\)$/, ''), ap: t('cost.ap'),
      }).replaceAll('quality-d6', t('cost.system'));
      error.hidden = false;
      return error;
    }
  }

  // save keeps the unit in the address, in place, as it is typed.
  function save() {
    let u;
    try {
      u = unit();
    } catch {
      return; // a range being typed: kept once it reads
    }
    setQuery({
      models: String(u.models), quality: String(u.quality), defense: String(u.defense), toughness: String(u.toughness),
      abilities: form.elements.unit_abilities.value, weapons: JSON.stringify(u.weapons),
    });
  }

  // restore fills the form from the address; false if it has no unit.
  function restore() {
    const q = query();
    if (!q.has('models')) return false;
    for (const n of ['models', 'quality', 'defense', 'toughness']) if (q.has(n)) form.elements[n].value = q.get(n);
    form.elements.unit_abilities.value = q.get('abilities') || '';
    let ws = [];
    try { ws = JSON.parse(q.get('weapons') || '[]'); } catch { ws = []; }
    weapons.replaceChildren();
    for (const w of Array.isArray(ws) ? ws.slice(0, 50) : []) weaponRow(w && typeof w === 'object' ? { ...w, abilities: Array.isArray(w.abilities) ? w.abilities : [] } : {});
    return true;
  }

  function schedule() { clearTimeout(timer); timer = setTimeout(compute, 200); }

  // A unit here is the cost's request: the unit's profile and weapons.
  const fieldsOfUnit = ['models', 'quality', 'defense', 'toughness', 'abilities', 'weapons'];
  let named = false;
  const units = unitTools(document.getElementById('cost-unit'), 'cost-unit', '/cost', {
    accepts: (system) => system === 'quality-d6',
    get: () => ({ system: 'quality-d6', profile: unit() }),
    set(u) {
      const p = u.profile;
      for (const n of ['models', 'quality', 'defense', 'toughness']) if (p[n] != null) form.elements[n].value = String(p[n]);
      if (Array.isArray(p.abilities)) form.elements.unit_abilities.value = p.abilities.join(', ');
      if (Array.isArray(p.weapons)) {
        weapons.replaceChildren();
        for (const w of p.weapons) weaponRow(w && typeof w === 'object' ? w : {});
        named = true;
      }
      save();
      compute();
      return Object.keys(p).filter((n) => !fieldsOfUnit.includes(n));
    },
    labels: (names) => names.map((n) => (messages.en[`cost.${n}`] ? t(`cost.${n}`) : n)),
  });

  form.addEventListener('input', () => { save(); schedule(); });
  // Enter, or the button: count now, and bring the total or the refusal
  // into view.
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    clearTimeout(timer);
    reveal(await compute());
  });
  document.getElementById('cost-add').addEventListener('click', () => { weaponRow(); save(); schedule(); });
  let linked = false, shownFor = null;
  return {
    async show() {
      units.refresh();
      // The range's suggestions say melee in the page's language.
      document.querySelector('#cost-ranges option').value = t('cost.melee_range');
      // The address holds the unit: a reload, Back, a shared link.
      if (location.search !== shownFor && restore()) named = true;
      // The first weapons are named in the page's language, until the
      // reader changes anything.
      if (!query().has('models')) named = false;
      if (!named) {
        form.reset();
        weapons.replaceChildren();
        weaponRow({ name: t('cost.rifle'), attacks: 1, range: '24' });
        weaponRow({ name: t('cost.knife'), attacks: 1, range: 'melee' });
        named = true;
      }
      // A link to a unit opens with the unit filled in.
      if (!linked) {
        linked = true;
        await units.fromLink();
      }
      shownFor = location.search;
      compute();
    },
  };
}
