// The attack calculator: a form generated from a game system's parameter
// schema (GET /v1/systems/{id}), the exact odds as charts updating as the
// inputs change, and a roll shown step by step.

import { get, post } from './api.js';
import { oddsChart, percent } from './chart.js';
import { language, num, problemText, t } from './i18n.js';
import { unitTools } from './unit.js';
import { markStale, query, reveal, setQuery } from './state.js';

// label picks a property's label in the page's language.
export const label = (prop, name) => (prop['x-labels'] && (prop['x-labels'][language()] || prop['x-labels'].en)) || prop.title || name;
export const localized = (m) => (m && (m[language()] || m.en)) || '';

// fields builds the inputs of a schema's properties (the compare view
// builds its sides with it too); nested objects become a
// group of inputs named "parent.child".
export function fields(schema, prefix = '') {
  const out = [];
  for (const [name, prop] of Object.entries(schema.properties || {})) {
    const key = prefix + name;
    if (prop.type === 'object') {
      // An object the request may leave out (pool-k6's opponent) is a
      // group of fields behind a checkbox: unticked, it is not sent, and
      // the fields it excludes (x-excludes: the threshold) apply instead.
      if (!(schema.required || []).includes(name)) {
        const box = document.createElement('fieldset');
        box.className = 'optional';
        box.dataset.optional = key;
        if (prop['x-excludes']) box.dataset.excludes = JSON.stringify(prop['x-excludes']);
        const legend = document.createElement('legend');
        const on = document.createElement('label');
        on.className = 'check';
        const tick = document.createElement('input');
        tick.type = 'checkbox';
        tick.name = `${key}?`;
        const text = document.createElement('span');
        text.textContent = label(prop, name);
        on.append(tick, text);
        legend.append(on);
        const inner = document.createElement('div');
        inner.className = 'optional-fields';
        inner.append(...fields(prop, key + '.'));
        box.append(legend, inner);
        out.push(box);
        continue;
      }
      out.push(...fields(prop, key + '.'));
      continue;
    }
    const wrap = document.createElement('label');
    if (prop['x-when']) wrap.dataset.when = JSON.stringify(prop['x-when']);
    const text = document.createElement('span');
    text.textContent = label(prop, name);
    let input;
    if (prop.type === 'boolean') {
      wrap.className = 'check';
      input = document.createElement('input');
      input.type = 'checkbox';
      input.checked = !!prop.default;
      wrap.append(input, text);
    } else if (prop.enum) {
      input = document.createElement('select');
      for (const v of prop.enum) {
        const o = document.createElement('option');
        o.value = v;
        const names = prop['x-enum-labels'] && prop['x-enum-labels'][v];
        o.textContent = localized(names) || v;
        input.append(o);
      }
      if (initial(prop) != null) input.value = initial(prop);
      wrap.append(text, input);
    } else if (prop.type === 'array' && prop.items && prop.items.enum) {
      // A set of named situations (quality-d6 conditions): pick any.
      input = document.createElement('select');
      input.multiple = true;
      input.size = Math.min(prop.items.enum.length, 5);
      for (const v of prop.items.enum) {
        const o = document.createElement('option');
        o.value = v;
        const names = prop.items['x-enum-labels'] && prop.items['x-enum-labels'][v];
        o.textContent = localized(names) || v;
        input.append(o);
      }
      wrap.append(text, input);
    } else if (prop.type === 'array' && prop.items && prop.items.type === 'object') {
      out.push(listEditor(prop, key));
      continue;
    } else if (prop.type === 'array') {
      input = document.createElement('input');
      input.placeholder = (prop.items && prop.items.examples || []).slice(0, 3).join(', ');
      input.dataset.list = '1';
      if (prop.items && prop.items.examples) {
        const dl = document.createElement('datalist');
        dl.id = `dl-${key}`;
        for (const ex of prop.items.examples) { const o = document.createElement('option'); o.value = ex; dl.append(o); }
        input.setAttribute('list', dl.id);
        wrap.append(dl);
      }
      wrap.append(text, input);
    } else if (prop.type === 'string' || (Array.isArray(prop.type) && prop.type.includes('string'))) {
      // Free text (a weapon's name), or a number or a word (a range: 24
      // or melee): sent as a number when it is one and the field takes one.
      input = document.createElement('input');
      input.type = 'text';
      input.dataset.text = Array.isArray(prop.type) && prop.type.includes('integer') ? 'integer' : 'string';
      if (prop.examples) input.placeholder = prop.examples.slice(0, 3).join(', ');
      wrap.append(text, input);
    } else {
      input = document.createElement('input');
      input.type = 'number';
      input.inputMode = 'numeric';
      if (prop.minimum != null) input.min = prop.minimum;
      if (prop.maximum != null) input.max = prop.maximum;
      if (prop.type === 'number') input.step = 'any'; // inches and degrees take fractions
      input.value = initial(prop) != null ? initial(prop) : '';
      wrap.append(text, input);
    }
    input.name = key;
    // The schema's descriptions are written in English for programmers:
    // a tooltip only on the English page.
    if (prop.description && language() === 'en') wrap.title = prop.description;
    out.push(wrap);
  }
  return out;
}

// listEditor edits a list of objects (quality-d6 groups, pool-k6 area
// defenders) as rows of the item's fields, each with a button to remove
// it, and a button to add a row; it starts from the schema's item
// examples. Inputs are named "key[i].field", as the API names them in its
// errors. A list with rows hides the fields it excludes (x-excludes).
function listEditor(prop, key) {
  const box = document.createElement('fieldset');
  box.className = 'rows';
  box.dataset.array = key;
  if (prop['x-excludes']) box.dataset.excludes = JSON.stringify(prop['x-excludes']);
  const legend = document.createElement('legend');
  legend.textContent = label(prop, key);
  if (prop.description && language() === 'en') box.title = prop.description;
  const list = document.createElement('div');
  list.className = 'row-list';
  const add = document.createElement('button');
  add.type = 'button';
  add.className = 'add';
  add.textContent = t('list.add');
  const changed = () => box.dispatchEvent(new Event('input', { bubbles: true }));
  const full = () => { add.disabled = prop.maxItems != null && list.children.length >= prop.maxItems; };
  // renumber names the rows' inputs and buttons by their place.
  const renumber = () => {
    [...list.children].forEach((row, i) => {
      row.querySelector('legend').textContent = t('list.row', { n: i + 1 });
      row.querySelector('button.remove').textContent = t('list.remove', { n: i + 1 });
      for (const el of row.querySelectorAll('[name]')) el.name = el.name.replace(/^[^[]*\[\d+\]/, `${key}[${i}]`);
    });
    full();
  };
  const addRow = (item) => {
    const row = document.createElement('fieldset');
    row.className = 'row';
    const rowLegend = document.createElement('legend');
    const remove = document.createElement('button');
    remove.type = 'button';
    remove.className = 'remove';
    remove.addEventListener('click', () => {
      const i = [...list.children].indexOf(row);
      row.remove();
      renumber();
      // Keep the keyboard where it was: the next row's button, else add.
      const next = list.children[i] || list.children[i - 1];
      (next ? next.querySelector('button.remove') : add).focus();
      changed();
    });
    const prefix = `${key}[${list.children.length}].`;
    row.append(rowLegend, ...fields(prop.items, prefix), remove);
    list.append(row);
    fillForm(row, item, prefix);
    renumber();
    return row;
  };
  add.addEventListener('click', () => {
    const row = addRow({});
    row.querySelector('input, select').focus();
    changed();
  });
  // setItems replaces the rows (a unit's profile).
  box.setItems = (items) => { list.replaceChildren(); for (const item of items) addRow(item); };
  box.append(legend, list, add);
  box.setItems(prop.items.examples || []);
  return box;
}

// initial is a field's starting value: its default, else the schema's
// first example (a required field has no default).
const initial = (prop) => (prop.default != null ? prop.default : (prop.examples || [])[0]);

// applyWhen hides the fields whose x-when condition does not hold (a field
// that applies only when another field has one of some values).
export function applyWhen(form) {
  const value = (name) => {
    const el = form.querySelector(`[name="${name}"]`);
    if (!el) return undefined;
    return el.type === 'checkbox' ? el.checked : el.type === 'number' ? Number(el.value) : el.value;
  };
  for (const wrap of form.querySelectorAll('label[data-when]')) {
    const when = JSON.parse(wrap.dataset.when);
    const prefix = (wrap.querySelector('[name]').name.match(/^(.*\.)?/) || [''])[0] || '';
    // "/mode": a field of the request's top level (a list item's field
    // that applies in one mode).
    wrap.hidden = !Object.entries(when).every(([f, vals]) => vals.includes(value(f.startsWith('/') ? f.slice(1) : prefix + f)));
  }
  // An optional group's fields show only when it is ticked.
  for (const box of form.querySelectorAll('fieldset[data-optional]')) {
    box.querySelector('.optional-fields').hidden = !box.querySelector('legend input').checked;
  }
  // A list with rows, or a ticked optional group, stands for the fields
  // it excludes (quality-d6 groups for models and toughness, pool-k6's
  // opponent for the threshold).
  for (const box of form.querySelectorAll('fieldset[data-excludes]')) {
    const rows = box.dataset.optional ? box.querySelector('legend input').checked : box.querySelector('.row-list').children.length > 0;
    for (const name of JSON.parse(box.dataset.excludes)) {
      const el = form.querySelector(`[name="${CSS.escape(name)}"]`);
      if (el && el.closest('label')) el.closest('label').hidden = rows;
    }
  }
}

// requestFrom reads the form into a request object; empty inputs and
// hidden fields are left out so the server's defaults apply.
export function requestFrom(form) {
  const req = {};
  for (const el of form.querySelectorAll('[name]')) {
    if (el.closest('label[hidden], .optional-fields[hidden]') || el.name.endsWith('?')) continue;
    let v;
    if (el.type === 'checkbox') v = el.checked;
    else if (el.multiple) v = [...el.selectedOptions].map((o) => o.value);
    else if (el.dataset.list) v = el.value.split(',').map((x) => x.trim()).filter(Boolean);
    else if (el.type === 'number') { if (el.value === '') continue; v = Number(el.value); }
    else if (el.dataset.text) {
      const typed = el.value.trim();
      if (typed === '') continue;
      v = el.dataset.text === 'integer' && /^\d+$/.test(typed) ? Number(typed) : typed;
    } else v = el.value;
    // "opponent.dice" is a nested object's field, "groups[1].count" a
    // field of a list's second item.
    const path = el.name.split('.');
    let obj = req;
    for (const p of path.slice(0, -1)) {
      const item = p.match(/^(.*)\[(\d+)\]$/);
      if (item) {
        const list = obj[item[1]] = obj[item[1]] || [];
        obj = list[Number(item[2])] = list[Number(item[2])] || {};
      } else obj = obj[p] = obj[p] || {};
    }
    obj[path[path.length - 1]] = v;
  }
  // A row whose inputs are all empty is an item of defaults.
  for (const box of form.querySelectorAll('fieldset[data-array]')) {
    const n = box.querySelector('.row-list').children.length;
    if (n === 0) continue;
    const list = req[box.dataset.array] = req[box.dataset.array] || [];
    for (let i = 0; i < n; i++) list[i] = list[i] || {};
  }
  return req;
}

// fillForm sets the form's fields from a request (a unit's profile) and
// returns the names of the request's fields the form does not have.
export function fillForm(form, req, prefix = '') {
  const unused = [];
  for (const [name, v] of Object.entries(req)) {
    const key = prefix + name;
    const el = form.querySelector(`[name="${CSS.escape(key)}"]`);
    const box = form.querySelector(`fieldset[data-array="${CSS.escape(key)}"]`);
    if (box && Array.isArray(v)) {
      box.setItems(v.filter((x) => x !== null && typeof x === 'object'));
      continue;
    }
    if (!el && v !== null && typeof v === 'object' && !Array.isArray(v)) {
      const tick = form.querySelector(`[name="${CSS.escape(key + '?')}"]`);
      if (tick) tick.checked = true;
      unused.push(...fillForm(form, v, key + '.'));
      continue;
    }
    if (!el) { unused.push(key); continue; }
    if (el.type === 'checkbox') el.checked = v === true;
    else if (el.multiple) for (const o of el.options) o.selected = Array.isArray(v) && v.includes(o.value);
    else if (el.dataset.list) el.value = Array.isArray(v) ? v.join(', ') : String(v);
    else el.value = String(v);
  }
  return unused;
}

// charts draws a chart for every distribution entry of the odds, titled
// with its label, and lists probabilities (as percentages) and means (as
// numbers) above them.
function charts(box, odds) {
  box.replaceChildren();
  const plain = [];
  for (const e of odds || []) {
    const name = (e.label && e.label.text) || e.key;
    if (e.kind === 'distribution' && e.distribution) {
      const d = e.distribution;
      const fig = document.createElement('figure');
      fig.className = 'chart-box';
      const cap = document.createElement('figcaption');
      cap.textContent = `${t('attack.odds', { what: name })} · ${num(d.mean)}`;
      const chart = document.createElement('div');
      chart.className = 'chart';
      chart.dataset.name = e.key;
      fig.append(cap, chart);
      box.append(fig);
      oddsChart(fig, d.values, { mean: d.mean, label: name });
    } else if (e.kind === 'probability') {
      plain.push(`${name}: ${percent(e.value)}`);
    } else if (e.kind === 'mean') {
      plain.push(`${name}: ${num(e.value)}`);
    }
  }
  if (plain.length) {
    const p = document.createElement('p');
    p.className = 'stats';
    p.textContent = plain.join(' · ');
    box.prepend(p);
  }
}

// valueOf is an input's value as the address keeps it.
function valueOf(el) {
  if (el.type === 'checkbox') return el.checked ? '1' : '0';
  if (el.multiple) return [...el.selectedOptions].map((o) => o.value).join(',');
  return el.value;
}

// formState is the form as the address keeps it: every input whose value
// differs from the one it was built with, and the number of rows of each
// list that has another number of rows than it started with.
function formState(form) {
  const out = [];
  for (const box of form.querySelectorAll('fieldset[data-array]')) {
    const n = box.querySelector('.row-list').children.length;
    if (String(n) !== box.dataset.initialRows) out.push([`${box.dataset.array}[]`, String(n)]);
  }
  for (const el of form.querySelectorAll('[name]')) {
    const v = valueOf(el);
    if (el.dataset.initial !== v) out.push([el.name, v]);
  }
  return out;
}

// markInitial records every input's starting value, for formState.
function markInitial(form) {
  for (const box of form.querySelectorAll('fieldset[data-array]')) box.dataset.initialRows = String(box.querySelector('.row-list').children.length);
  for (const el of form.querySelectorAll('[name]')) el.dataset.initial = valueOf(el);
}

// applyState sets the form from the address's parameters (see formState);
// parameters the form does not have are left alone.
function applyState(form, params) {
  for (const [k, v] of params) {
    const m = k.match(/^(.*)\[\]$/);
    const box = m && form.querySelector(`fieldset[data-array="${CSS.escape(m[1])}"]`);
    if (box) box.setItems(Array.from({ length: Math.min(Number(v) || 0, 50) }, (_, i) => (box.examples || [])[i] || {}));
  }
  for (const [k, v] of params) {
    const el = form.querySelector(`[name="${CSS.escape(k)}"]`);
    if (!el) continue;
    if (el.type === 'checkbox') el.checked = v === '1';
    else if (el.multiple) { const on = v.split(','); for (const o of el.options) o.selected = on.includes(o.value); }
    else el.value = v;
  }
}

// namesIn returns, for an action's schema, the page's words for the
// API's names: each field's label by its name ("kind"), each choice's
// label by its value ("suppression_fire"), nested fields too.
function namesIn(schema, out = new Map()) {
  for (const [name, prop] of Object.entries((schema && schema.properties) || {})) {
    if (!out.has(name)) out.set(name, label(prop, name));
    const choices = prop['x-enum-labels'] || (prop.items && prop.items['x-enum-labels']) || {};
    for (const [v, names] of Object.entries(choices)) if (!out.has(v)) out.set(v, localized(names) || v);
    if (prop.type === 'object') namesIn(prop, out);
    if (prop.items && prop.items.type === 'object') namesIn(prop.items, out);
  }
  return out;
}

// localNames puts the page's words in place of the API's names a refusal
// quotes ("gdy kind ma wartość suppression_fire"), on a page in Polish or
// Czech; the English page keeps them, as the API documents them.
function localNames(text, schema) {
  if (language() === 'en' || !text) return text;
  const names = namesIn(schema);
  // A choice's value only when it cannot be a word (it has an underscore);
  // a field's name only when no Polish or Czech text uses it as a word.
  const fields = new Set(Object.keys((schema && schema.properties) || {}));
  const words = new Set(['test', 'ran', 'auto', 'k3', 'k6', 'total']);
  const quoted = (w) => names.has(w) && names.get(w) !== w && (w.includes('_') || (fields.has(w) && !words.has(w)));
  return text.replace(/\b[a-z][a-z0-9]*(?:_[a-z0-9]+)*\b/g, (w) => (quoted(w) ? `„${names.get(w)}”` : w));
}

// newSeed is a roll's seed: the same seed rolls the same dice, so that a
// roll shown again in another language is the same roll, not a new one.
const newSeed = () => crypto.getRandomValues(new Uint32Array(1))[0];

export function attackView() {
  const systemSel = document.getElementById('attack-system');
  const actionSel = document.getElementById('attack-action');
  const form = document.getElementById('attack-form');
  const desc = document.getElementById('attack-desc');
  const error = document.getElementById('attack-error');
  const box = document.getElementById('attack-charts');
  const result = document.getElementById('attack-result');
  let systems = null, current = null, timer = 0, seq = 0, oddsSeq = 0, applied = null, linked = false;

  const showError = (msg) => {
    error.textContent = current && actionSel.value && current.actions[actionSel.value] ? localNames(msg, current.actions[actionSel.value].schema) : msg;
    error.hidden = !msg;
  };
  // waiting shows, where the roll will be, how to make one.
  const waiting = () => {
    const p = document.createElement('p');
    p.className = 'status';
    p.textContent = t('attack.none');
    result.replaceChildren(p);
    result.classList.add('empty');
    markStale(result, false);
  };
  // url is the action's route; answers come in the page's language.
  const url = (params = {}) => `/v1/systems/${encodeURIComponent(systemSel.value)}/${encodeURIComponent(actionSel.value)}` +
    `?${new URLSearchParams({ lang: language(), ...params })}`;
  const request = () => JSON.stringify(requestFrom(form));

  // save keeps the view's inputs in the address (in place), and marks a
  // roll on the screen as stale once its inputs change.
  function save() {
    setQuery([['system', systemSel.value], ['action', actionSel.value], ...formState(form)]);
    applied = `${language()}|${location.search}`;
    const kept = history.state && history.state.attack;
    if (kept && !result.classList.contains('empty')) markStale(result, kept.req !== request(), t('result.stale'));
  }

  // loadSystem fetches the chosen system and builds the action's form;
  // an answer overtaken by a later choice is dropped.
  async function loadSystem(action) {
    const my = ++seq;
    const sys = await get(`/v1/systems/${encodeURIComponent(systemSel.value)}`);
    if (my !== seq) return false;
    current = sys;
    const keep = action || actionSel.value;
    actionSel.replaceChildren();
    for (const name of Object.keys(current.actions).sort((a, b) => (b === 'attack') - (a === 'attack'))) {
      const o = document.createElement('option');
      o.value = name;
      o.textContent = localized(current.actions[name].title);
      actionSel.append(o);
    }
    if (current.actions[keep]) actionSel.value = keep;
    buildForm();
    return true;
  }

  function buildForm() {
    const action = current.actions[actionSel.value];
    desc.textContent = localized(current.description);
    form.replaceChildren(...fields(action.schema));
    for (const b of form.querySelectorAll('fieldset[data-array]')) {
      const prop = action.schema.properties[b.dataset.array];
      b.examples = (prop && prop.items && prop.items.examples) || [];
    }
    applyWhen(form);
    markInitial(form);
    // A unit is the attack's fields (the bot's units are too).
    unitBox.hidden = actionSel.value !== 'attack';
    waiting();
  }

  // A unit's profile describes the unit itself; the attack's fields are
  // the attacker's and the target's. The system's target_fields map a
  // target unit's profile fields to the attack fields they fill, so the
  // attacker is every attack field but those, and the target is those.
  const targetFields = () => Object.entries(current.target_fields || {});
  const isTargetField = (field) => targetFields().some(([, to]) => to === field);

  // showUnitSystem opens the view on the attack of a unit's system.
  async function showUnitSystem(system) {
    if (systemSel.value !== system || !current) {
      systemSel.value = system;
      await loadSystem('attack');
    }
    if (actionSel.value !== 'attack') {
      actionSel.value = 'attack';
      buildForm();
    }
  }
  // fill sets the form's fields from fields, and updates the odds.
  function fill(fields) {
    const unused = fillForm(form, fields);
    applyWhen(form);
    save();
    updateOdds();
    return unused;
  }

  const unitBox = document.getElementById('attack-unit');
  const units = unitTools(unitBox, 'attack-unit', '/attack', {
    accepts: (system) => (systems || []).some((s) => s.id === system && s.actions.includes('attack')),
    get: () => ({
      system: systemSel.value,
      profile: Object.fromEntries(Object.entries(requestFrom(form)).filter(([k]) => !isTargetField(k))),
    }),
    async set(u) {
      await showUnitSystem(u.system);
      const own = Object.entries(u.profile);
      return [...fill(Object.fromEntries(own.filter(([k]) => !isTargetField(k)))), ...own.filter(([k]) => isTargetField(k)).map(([k]) => k)];
    },
    labels: (names) => names.map((n) => {
      const props = (current && current.actions.attack && current.actions.attack.schema.properties) || {};
      return props[n] ? label(props[n], n) : n;
    }),
    target: {
      // The target's profile: its fields under the unit's own names; a
      // value the unit's own field cannot take is left out (quality-d6's
      // target_quality 0 says the target's quality is not given).
      get() {
        const req = requestFrom(form);
        const props = current.actions.attack.schema.properties || {};
        const fits = (from, v) => typeof v !== 'number' || !props[from] ||
          ((props[from].minimum == null || v >= props[from].minimum) && (props[from].maximum == null || v <= props[from].maximum));
        return {
          system: systemSel.value,
          profile: Object.fromEntries(targetFields().filter(([from, to]) => to in req && fits(from, req[to])).map(([from, to]) => [from, req[to]])),
        };
      },
      async set(u) {
        await showUnitSystem(u.system);
        fill(Object.fromEntries(targetFields().filter(([from]) => from in u.profile).map(([from, to]) => [to, u.profile[from]])));
      },
    },
  });

  async function updateOdds() {
    const my = ++oddsSeq;
    try {
      const res = await post(url({ mode: 'odds' }), requestFrom(form));
      if (my !== oddsSeq) return;
      showError('');
      charts(box, res.odds);
    } catch (e) {
      if (my !== oddsSeq) return;
      box.replaceChildren();
      showError(problemText(e));
    }
  }

  // showRoll draws a roll's answer: its steps and notes.
  function showRoll(res) {
    const h = document.createElement('h2');
    h.textContent = t('attack.rolled');
    const list = document.createElement('ol');
    list.className = 'steps';
    for (const s of res.steps || []) {
      const li = document.createElement('li');
      li.textContent = s.text;
      list.append(li);
    }
    result.replaceChildren(h, list);
    result.classList.remove('empty');
    for (const n of res.notes || []) {
      const p = document.createElement('p');
      p.className = 'status';
      p.textContent = n.text;
      result.append(p);
    }
    if ((res.rules || []).length) result.append(rulesApplied(res.rules));
  }

  // rulesApplied lists the rulebook sections an answer applied, each a
  // link to its text, its title marked with the rulebook's language.
  function rulesApplied(rules) {
    const box = document.createElement('div');
    box.className = 'rules-applied';
    const h = document.createElement('h3');
    h.textContent = t('attack.rules');
    const list = document.createElement('ul');
    for (const r of rules) {
      const li = document.createElement('li');
      const a = document.createElement('a');
      a.href = `/r/${encodeURIComponent(r.id)}`;
      a.textContent = r.title;
      const book = systems && systems.find((x) => r.id.startsWith(`${x.id}.`));
      if (book && book.language) a.lang = book.language;
      li.append(a);
      list.append(li);
    }
    box.append(h, list);
    return box;
  }

  // roll rolls the form's request as a new history entry, which keeps the
  // answer: Back and Forward show it again, never roll again.
  async function roll() {
    showError('');
    const seed = newSeed();
    const req = request();
    try {
      const res = await post(url({ seed }), requestFrom(form));
      showRoll(res);
      markStale(result, false);
      setQuery([['system', systemSel.value], ['action', actionSel.value], ...formState(form)], {
        push: true, data: { attack: { res, seed, req, lang: language() } },
      });
      applied = `${language()}|${location.search}`;
      reveal(result);
    } catch (e) {
      showError(problemText(e));
      reveal(error);
    }
  }

  // restoreRoll shows the roll the history entry keeps, if any, at once
  // (the form was just rebuilt, which leaves the result waiting); a roll
  // kept in another language is then asked again with its seed, so it
  // becomes the same roll in the page's language. Until that answer
  // comes, the kept roll stays on the screen rather than none.
  async function restoreRoll() {
    const kept = history.state && history.state.attack;
    if (!kept) { waiting(); return; }
    const show = (res) => {
      showRoll(res);
      markStale(result, kept.req !== request(), t('result.stale'));
    };
    show(kept.res);
    if (kept.lang === language()) return;
    const lang = language();
    try {
      const res = await post(url({ seed: kept.seed }), JSON.parse(kept.req));
      // The reader may have moved on meanwhile (another entry, another
      // language): the answer is shown only where it was asked for.
      if (language() !== lang || history.state?.attack?.seed !== kept.seed) return;
      history.replaceState({ ...history.state, attack: { ...kept, res, lang } }, '', location.href);
      show(res);
    } catch { /* the roll stays in its language */ }
  }

  form.addEventListener('input', () => { applyWhen(form); save(); clearTimeout(timer); timer = setTimeout(updateOdds, 150); });
  form.addEventListener('change', () => { applyWhen(form); save(); });
  // The Roll button submits the form (type="submit" form="attack-form"),
  // so Enter in any field rolls too.
  form.addEventListener('submit', (e) => { e.preventDefault(); roll(); });
  systemSel.addEventListener('change', () => loadSystem().then((ok) => { if (ok) { save(); updateOdds(); } }).catch((e) => showError(problemText(e))));
  actionSel.addEventListener('change', () => { buildForm(); save(); updateOdds(); });

  return {
    async show() {
      try {
        if (!systems) {
          systems = (await get('/v1/systems')).systems;
          for (const s of systems) {
            const o = document.createElement('option');
            o.value = s.id;
            systemSel.append(o);
          }
        }
        for (const o of systemSel.options) o.textContent = localized(systems.find((s) => s.id === o.value).name);
        units.refresh();
        // The same address in the same language: the view is as it was.
        if (applied === `${language()}|${location.search}` && current) {
          if (history.state && history.state.attack) restoreRoll();
          return;
        }
        const q = query();
        const asked = q.get('system');
        if (asked && systems.some((s) => s.id === asked)) systemSel.value = asked;
        if (!(await loadSystem(q.get('action')))) return;
        applyState(form, [...q].filter(([k]) => k !== 'system' && k !== 'action'));
        applyWhen(form);
        applied = `${language()}|${location.search}`;
        restoreRoll();
        updateOdds();
        // A link to a unit opens with the unit filled in.
        if (!linked) {
          linked = true;
          await units.fromLink();
        }
      } catch (e) {
        showError(problemText(e));
      }
    },
  };
}
