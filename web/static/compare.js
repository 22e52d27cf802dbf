// The compare view: two to four attackers against one to three targets of
// one game system (POST /v1/systems/{id}/compare), each side typed in the
// attack calculator's fields, a unit saved on this device or imported from
// a units file, or (a target) one of the rulebook's preset targets (GET
// /v1/systems/{id}/targets). It shows one chart with a line per attacker,
// a table of the exact figures to copy or download, and the comparison's
// link.
//
// The address keeps the comparison in the one form a link to it has
// (systems/compare's PagePath, which the Discord bot writes):
// /compare?system=ID&q=REQ, REQ the request body's JSON, UTF-8, in
// unpadded base64url. The chart's options follow it: view=eq (P(= n)
// rather than P(≥ n)), of=wounds (wounds rather than models killed) and
// target=N (the chart's target, from 0).

import { get, post } from './api.js';
import { exact, html } from './chart.js';
import { language, messages, num, percent, problemText, t } from './i18n.js';
import { applyWhen, fields, fillForm, label, localized, requestFrom } from './attack.js';
import { UnitError, fromBase64url, library, parseImport, toBase64url } from './unit.js';
import { query, reveal, setQuery } from './state.js';
import { compareTexts } from './comparetext.js';
import { legend, seriesChart } from './serieschart.js';

for (const [lang, texts] of Object.entries(compareTexts)) Object.assign(messages[lang], texts);

// The limits of a comparison (compare.MinAttackers … MaxTargets) and of
// its link (compare.MaxLinkRequest, bytes of JSON).
const LIMITS = { attackers: [2, 4], targets: [1, 3] };
const MAX_LINK = 6 << 10;

// encode and decode are a request as the link's q carries it.
const encode = (req) => toBase64url(new TextEncoder().encode(JSON.stringify(req)));
const decode = (q) => JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(fromBase64url(q)));

// The view's own stylesheet, loaded with it.
const styled = new Promise((resolve) => {
  const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: '/static/compare.css' });
  link.onload = link.onerror = resolve;
  document.head.append(link);
});

// CARD lists, per system with a cost formula (compare.Specs' CostFields,
// the cost view's POST /v1/systems/quality-d6/cost), the unit card's
// fields a typed attacker's attack form lacks (they are the target's in the
// attack), with their bounds: given, with a weapons list, the API prices
// the attacker and fires each weapon's attacks times its models.
const CARD = { 'quality-d6': { models: [1, 100], defense: [2, 6], toughness: [1, 30] } };
// newCard is a new attacker's card: one model, Defense 4+, Toughness 1.
const newCard = (id) => (CARD[id] ? { models: 1, defense: 4, toughness: 1 } : {});

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

// sideOf reads a side of a request: a preset target, a unit's profile or
// typed fields, with its name and (an attacker's) points.
function sideOf(o) {
  const { name = '', preset, profile, points, unit, ...rest } = o && typeof o === 'object' ? o : {};
  if (preset) return { kind: 'preset', name, preset, points };
  if (profile && typeof profile === 'object') return { kind: 'unit', name, profile, points };
  return { kind: 'typed', name: name || unit || '', fields: rest, points };
}

export function compareView() {
  const root = document.getElementById('compare-app');
  let systems = null, current = null, presets = [], imported = [], applied = null, seq = 0, timer = 0, last = null, action = '', tooLong = false;
  // The chart's options.
  let mode = 'ge', of = 'models', chartTarget = 0;

  const make = (tag, attrs = {}, key) => {
    const e = html(tag, attrs);
    if (key) e.textContent = t(key);
    return e;
  };
  const labelled = (key, input, cls) => {
    const l = make('label', cls ? { class: cls } : {});
    l.append(make('span', {}, key), input);
    return l;
  };

  // The view's fixed parts.
  const intro = make('p', { class: 'status' }, 'compare.intro');
  const systemSel = make('select', { id: 'compare-system' });
  const fileInput = make('input', { id: 'compare-file', type: 'file', accept: '.json,application/json' });
  const head = make('div', { class: 'row compare-head' });
  head.append(labelled('attack.system', systemSel), labelled('compare.file', fileInput));
  const fileStatus = make('p', { id: 'compare-file-status', class: 'status', role: 'status' });
  const lists = {};
  const form = make('form', { id: 'compare-form', novalidate: '' });
  for (const role of ['attackers', 'targets']) {
    const box = make('fieldset', { class: 'sides', id: `compare-${role}` });
    const legendEl = make('legend', {}, `compare.${role}`);
    const list = make('div', { class: 'side-list' });
    const add = make('button', { type: 'button', class: 'add', id: `compare-add-${role}` }, `compare.add.${role === 'attackers' ? 'attacker' : 'target'}`);
    add.addEventListener('click', () => {
      const s = role === 'attackers' ? { kind: 'typed', name: t('compare.attacker', { n: list.children.length + 1 }), fields: newCard(current.id) } : defaultTarget(list.children.length);
      const ed = sideEditor(role, s);
      list.append(ed);
      renumber(role);
      ed.querySelector('input, select').focus();
      changed();
    });
    box.append(legendEl, list, add);
    lists[role] = { box, list, add };
    form.append(box);
  }
  const submit = make('button', { type: 'submit', id: 'compare-run' }, 'compare.run');
  form.append(submit);
  const error = make('p', { id: 'compare-error', class: 'error', role: 'alert' });
  error.hidden = true;
  const result = make('div', { id: 'compare-result', class: 'result' });
  root.replaceChildren(intro, head, fileStatus, form, error, result);

  // defaultTarget is the n-th preset target, else typed fields.
  const defaultTarget = (n) => (presets.length ? { kind: 'preset', name: '', preset: presets[n % presets.length].id } : { kind: 'typed', name: '', fields: {} });

  // The schemas of the sides' typed fields: an attacker's are the attack's
  // fields less those a target gives (the system's target_fields' values)
  // and those standing in for them (quality-d6's groups, which excludes
  // the target's models and toughness); a target's are the target_fields,
  // under the target unit's own names.
  function schemas() {
    const attack = current.actions.attack.schema;
    const props = attack.properties || {};
    const targetOnly = new Set(Object.values(current.target_fields || {}));
    const ofTarget = ([k, p]) => targetOnly.has(k) || (p['x-excludes'] || []).some((f) => targetOnly.has(f));
    const attacker = {
      properties: Object.fromEntries(Object.entries(props).filter((e) => !ofTarget(e))),
      required: (attack.required || []).filter((k) => !targetOnly.has(k)),
    };
    // A system with a cost formula (quality-d6) prices a typed attacker
    // as a unit card: its own models, Defense and Toughness, under the
    // cost view's labels, join the attack's fields (see CARD).
    if (CARD[current.id]) {
      for (const [k, range] of Object.entries(CARD[current.id])) {
        const labels = Object.fromEntries(Object.entries(messages).map(([lang, m]) => [lang, m[`cost.${k}`]]));
        attacker.properties[k] = { type: 'integer', minimum: range[0], maximum: range[1], 'x-labels': labels, 'x-card': true };
      }
    }
    const target = { properties: {}, required: [] };
    for (const [from, to] of Object.entries(current.target_fields || {})) {
      if (!props[to]) continue;
      const { 'x-when': _, ...prop } = props[to];
      target.properties[from] = prop;
    }
    return { attackers: attacker, targets: target };
  }

  // typedOf reads a side's typed fields, leaving out those at their
  // default, so that the link is as short as the comparison allows.
  function typedOf(box, schema) {
    const req = requestFrom(box);
    for (const [k, v] of Object.entries(req)) {
      const p = schema.properties[k];
      if ((p && p.default !== undefined && same(p.default, v)) || (Array.isArray(v) && v.length === 0)) delete req[k];
    }
    return req;
  }

  // unitChoices lists the units a side may take: saved on this device, imported
  // from a file, and the side's own when it is neither (a link's).
  function unitChoices(s) {
    const mine = (u) => u.system === current.id;
    const out = [
      ...library().filter(mine).map((u) => ({ group: 'compare.saved', name: u.name, profile: u.profile })),
      ...imported.filter(mine).map((u) => ({ group: 'compare.imported', name: u.name, profile: u.profile })),
    ];
    if (s.kind === 'unit' && !out.some((u) => u.name === s.name && same(u.profile, s.profile))) {
      out.push({ group: 'compare.linked', name: s.name, profile: s.profile });
    }
    return out;
  }

  // sideEditor builds one side: its name, where its profile comes from,
  // the typed fields, an attacker's points and a button to remove it.
  function sideEditor(role, s) {
    const schema = schemas()[role];
    const box = make('fieldset', { class: 'side' });
    box.dataset.role = role;
    const legendEl = make('legend');
    const name = make('input', { class: 'side-name', autocomplete: 'off', maxlength: '80' });
    name.value = s.name || '';
    const source = make('select', { class: 'side-source' });
    const option = (value, text) => { const o = make('option', { value }); o.textContent = text; return o; };
    source.append(option('typed', t('compare.typed')));
    if (role === 'targets' && presets.length) {
      const g = make('optgroup', { label: t('compare.presets') });
      for (const p of presets) g.append(option(`preset:${p.id}`, localized(p.name)));
      source.append(g);
    }
    const choices = unitChoices(s);
    const groups = {};
    choices.forEach((u, i) => {
      if (!groups[u.group]) source.append(groups[u.group] = make('optgroup', { label: t(u.group) }));
      groups[u.group].append(option(`unit:${i}`, u.name));
    });
    const points = make('input', { class: 'side-points', type: 'number', inputmode: 'decimal', min: '0', step: 'any' });
    if (s.points != null) points.value = s.points;
    // The typed fields: the required ones and the lists (weapons) first,
    // the others folded under them.
    const typed = make('div', { class: 'side-fields' });
    const main = make('div', { class: 'form' });
    const more = make('details', { class: 'more' });
    const moreFields = make('div', { class: 'form' });
    let folded = 0;
    for (const f of fields(schema)) {
      const k = f.dataset.array || f.dataset.optional || (f.querySelector('[name]') || {}).name;
      if ((schema.required || []).includes(k) || f.dataset.array || (schema.properties[k] || {})['x-card']) main.append(f);
      else { moreFields.append(f); folded++; }
    }
    // A unit card's own fields, then a word that its weapons' attacks are
    // each model's, before its weapons.
    const own = [...main.children].filter((f) => (schema.properties[(f.querySelector('[name]') || {}).name] || {})['x-card']);
    if (own.length) {
      const hint = make('p', { class: 'status card-hint' }, 'compare.card');
      main.insertBefore(hint, main.querySelector('fieldset[data-array="weapons"]'));
      for (const f of own) main.insertBefore(f, hint);
    }
    more.append(make('summary', {}, 'compare.more'), moreFields);
    more.querySelector('summary').textContent = t('compare.more', { n: folded });
    typed.append(main);
    if (folded) typed.append(more);
    // Each side's suggestions list has an id of its own.
    const uid = Math.random().toString(36).slice(2, 8);
    for (const dl of typed.querySelectorAll('datalist')) {
      const input = typed.querySelector(`[list="${CSS.escape(dl.id)}"]`);
      dl.id = `${dl.id}-${uid}`;
      if (input) input.setAttribute('list', dl.id);
    }
    // A typed side's fields the form does not have are kept as they came
    // and sent again.
    let extra = {};
    if (s.kind === 'typed') {
      const given = s.fields || {};
      extra = Object.fromEntries(fillForm(typed, given).filter((k) => k in given).map((k) => [k, given[k]]));
    }
    applyWhen(typed);
    const sideError = make('p', { class: 'error side-error', role: 'alert' });
    sideError.hidden = true;
    const remove = make('button', { type: 'button', class: 'remove link' });
    const row = make('div', { class: 'side-head' });
    row.append(labelled('compare.name', name), labelled('compare.source', source));
    if (role === 'attackers') row.append(labelled('compare.points', points));
    box.append(legendEl, row, sideError, typed, remove);

    const show = () => { typed.hidden = source.value !== 'typed'; };
    if (s.kind === 'preset') source.value = `preset:${s.preset}`;
    else if (s.kind === 'unit') source.value = `unit:${choices.findIndex((u) => u.name === s.name && same(u.profile, s.profile))}`;
    if (!source.value) source.value = 'typed';
    show();
    source.addEventListener('change', () => {
      const v = source.value;
      // A unit takes its name; a preset names itself in the page's language.
      if (v.startsWith('unit:')) name.value = choices[Number(v.slice(5))].name;
      else if (v.startsWith('preset:') && presets.some((p) => localized(p.name) === name.value)) name.value = '';
      show();
    });
    remove.addEventListener('click', () => {
      const list = lists[role].list;
      const i = [...list.children].indexOf(box);
      box.remove();
      renumber(role);
      const next = list.children[i] || list.children[i - 1];
      (next ? next.querySelector('button.remove') : lists[role].add).focus();
      changed();
    });
    typed.addEventListener('input', () => applyWhen(typed));
    typed.addEventListener('change', () => applyWhen(typed));

    // side returns the side as the request gives it.
    box.side = () => {
      const out = {};
      const v = source.value;
      const n = name.value.trim();
      if (v.startsWith('preset:')) {
        out.preset = v.slice(7);
        if (n) out.name = n;
      } else if (v.startsWith('unit:')) {
        out.name = n;
        out.profile = choices[Number(v.slice(5))].profile;
      } else {
        out.name = n;
        Object.assign(out, extra, typedOf(typed, schema));
      }
      if (role === 'attackers' && points.value !== '') out.points = Number(points.value);
      return out;
    };
    // labels names the side's fields, for a refusal that names one.
    box.labels = () => {
      const out = { name: t('compare.name'), points: t('compare.points'), preset: t('compare.source'), profile: t('compare.source'), unit: t('compare.source') };
      for (const [k, p] of Object.entries(schema.properties)) {
        for (const [ik, ip] of Object.entries((p.items && p.items.properties) || {})) out[ik] = out[ik] || label(ip, ik);
        out[k] = label(p, k);
      }
      return out;
    };
    box.fail = (text, field) => {
      sideError.textContent = text;
      sideError.hidden = !text;
      for (const el of box.querySelectorAll('[aria-invalid]')) el.removeAttribute('aria-invalid');
      const at = field && (box.querySelector(`.side-fields [name="${CSS.escape(field)}"]`) || (field === 'name' && name) || (field === 'points' && points));
      if (at) at.setAttribute('aria-invalid', 'true');
    };
    box.setNumber = (n) => {
      legendEl.textContent = t(`compare.${role === 'attackers' ? 'attacker' : 'target'}`, { n });
      name.placeholder = role === 'targets' && source.value.startsWith('preset:') ? '' : t(`compare.${role === 'attackers' ? 'attacker' : 'target'}`, { n });
      remove.textContent = t('compare.remove', { name: legendEl.textContent });
      const count = lists[role].list.children.length;
      remove.hidden = count <= LIMITS[role][0];
      box.id = `compare-${role === 'attackers' ? 'a' : 't'}${n - 1}`;
      name.id = `${box.id}-name`;
      source.id = `${box.id}-source`;
      points.id = `${box.id}-points`;
    };
    return box;
  }

  function renumber(role) {
    const { list, add } = lists[role];
    [...list.children].forEach((box, i) => box.setNumber(i + 1));
    add.hidden = list.children.length >= LIMITS[role][1];
  }

  // request is the comparison as the form has it.
  function request() {
    const req = {};
    if (action) req.action = action;
    req.attackers = [...lists.attackers.list.children].map((b) => b.side());
    req.targets = [...lists.targets.list.children].map((b) => b.side());
    return req;
  }

  // build fills the form with a request's sides.
  function build(req) {
    for (const role of ['attackers', 'targets']) {
      lists[role].list.replaceChildren(...(req[role] || []).map((o) => sideEditor(role, sideOf(o))));
      renumber(role);
    }
  }

  // defaults is a new comparison: two attackers of the system's example
  // fields, the second with twice the first's first required number (its
  // attacks, its dice) so that the two lines differ, against the first
  // preset target.
  const defaults = () => ({
    attackers: [
      { name: t('compare.attacker', { n: 1 }), ...newCard(current.id) },
      { name: t('compare.attacker', { n: 2 }), ...newCard(current.id), ...doubled() },
    ],
    targets: [presets.length ? { preset: presets[0].id } : { name: t('compare.target', { n: 1 }) }],
  });

  // doubled is the attacker's first required integer field at twice its
  // example, within its maximum.
  function doubled() {
    const schema = schemas().attackers;
    for (const k of schema.required) {
      const p = schema.properties[k];
      const ex = p && p.type === 'integer' && (p.examples || [])[0];
      if (ex) return { [k]: p.maximum != null ? Math.min(2 * ex, p.maximum) : 2 * ex };
    }
    return {};
  }

  // params are the address's parameters for a request and the chart's options.
  const params = (req) => {
    const out = [['system', current.id], ['q', encode(req)]];
    if (mode === 'eq') out.push(['view', 'eq']);
    if (of === 'wounds') out.push(['of', 'wounds']);
    if (chartTarget) out.push(['target', String(chartTarget)]);
    return out;
  };

  // save writes the comparison into the address (in place).
  function save() {
    const req = request();
    tooLong = new TextEncoder().encode(JSON.stringify(req)).length > MAX_LINK;
    if (tooLong) {
      showError(t('compare.toolong'));
      return false;
    }
    setQuery(params(req));
    applied = `${language()}|${location.search}`;
    return true;
  }

  const showError = (msg) => { error.textContent = msg; error.hidden = !msg; };
  // blame shows a refusal where it belongs: beside the side it names
  // ("attackers[1].attacks"), else above the result.
  function blame(e) {
    for (const role of ['attackers', 'targets']) for (const b of lists[role].list.children) b.fail('');
    if (!e) return null;
    const p = e.problem || {};
    const m = (p.field || '').match(/^(attackers|targets)\[(\d+)\]\.?(.*)$/);
    const box = m && lists[m[1]].list.children[Number(m[2])];
    if (!box) {
      showError(problemText(e, { attackers: t('compare.attackers'), targets: t('compare.targets') }));
      return error;
    }
    // The side's own error names the field by its label, or the side.
    const inner = m[3];
    const labels = box.labels();
    const leaf = inner.replace(/^.*[.\]]/, '');
    const named = inner ? labels[leaf] || labels[inner.replace(/[.[].*$/, '')] : box.querySelector('legend').textContent;
    const text = problemText({ ...e, problem: { ...p, field: inner || undefined, label: named } });
    box.fail(text, inner);
    showError('');
    return box.querySelector('.side-error');
  }

  // run asks for the comparison; an answer overtaken by a later one is
  // dropped.
  async function run(focus) {
    const my = ++seq;
    const req = request();
    try {
      const res = await post(`/v1/systems/${encodeURIComponent(current.id)}/compare?lang=${language()}`, req);
      if (my !== seq) return;
      blame(null);
      showError(tooLong ? t('compare.toolong') : '');
      last = { ...res, req };
      draw();
      if (focus) reveal(result.querySelector('h2'));
    } catch (e) {
      if (my !== seq) return;
      result.replaceChildren();
      last = null;
      const where = blame(e);
      if (focus) reveal(where);
    }
  }

  function changed() {
    save();
    clearTimeout(timer);
    timer = setTimeout(() => run(false), 250);
  }
  form.addEventListener('input', changed);
  form.addEventListener('change', changed);
  form.addEventListener('submit', (e) => { e.preventDefault(); clearTimeout(timer); save(); run(true); });

  systemSel.addEventListener('change', async () => {
    try {
      await loadSystem(systemSel.value);
      action = '';
      build(defaults());
      chartTarget = 0;
      save();
      run(false);
    } catch (e) {
      showError(problemText(e));
    }
  });

  fileInput.addEventListener('change', async () => {
    const f = fileInput.files[0];
    if (!f) return;
    try {
      if (f.size > 1 << 20) throw new UnitError(t('unit.bad.size'));
      const all = parseImport(await f.text());
      const mine = all.filter((u) => u.system === current.id);
      if (!mine.length) throw new UnitError(t('unit.bad.system', { systems: [...new Set(all.map((u) => u.system))].join(', ') }));
      imported = [...imported.filter((u) => !mine.some((m) => m.name === u.name)), ...mine];
      // The sides are built again, each keeping its choice, with the
      // file's units to choose from.
      build(request());
      fileStatus.textContent = t('compare.loaded', { list: mine.map((u) => u.name).join(', ') });
      showError('');
    } catch (e) {
      fileStatus.textContent = '';
      showError(e instanceof UnitError ? e.message : t('unit.bad.json'));
    }
    fileInput.value = '';
  });

  async function loadSystem(id) {
    const [sys, targets] = await Promise.all([
      get(`/v1/systems/${encodeURIComponent(id)}`),
      get(`/v1/systems/${encodeURIComponent(id)}/targets`),
    ]);
    current = sys;
    presets = targets;
    systemSel.value = id;
  }

  // The result: the chart's options, the chart and its legend, the table
  // with its copy and download, the link, the notes and the rules cited.
  function draw() {
    if (!last) return;
    const res = last;
    const targets = res.req.targets.map((_, j) => (res.results.find((p) => p.target_index === j) || {}).target || '');
    if (chartTarget >= targets.length) chartTarget = 0;
    const h = make('h2', { id: 'compare-result-h' });
    h.textContent = `${t('compare.of.' + of)} · ${targets[chartTarget]}`;

    const tools = make('div', { class: 'odds-tools compare-tools' });
    const against = make('select', { id: 'compare-target' });
    targets.forEach((name, j) => { const o = make('option', { value: String(j) }); o.textContent = name; against.append(o); });
    against.value = String(chartTarget);
    const ofSel = make('select', { id: 'compare-of' });
    for (const k of ['models', 'wounds']) { const o = make('option', { value: k }, `compare.of.${k}`); ofSel.append(o); }
    ofSel.value = of;
    const toggle = make('div', { class: 'toggle', role: 'group', 'aria-label': t('compare.mode') });
    for (const m of ['ge', 'eq']) {
      const b = make('button', { type: 'button', 'data-mode': m, 'aria-pressed': String(m === mode) });
      b.textContent = `P(${m === 'eq' ? '=' : '≥'} n)`;
      b.addEventListener('click', () => { mode = m; redraw(); });
      toggle.append(b);
    }
    if (targets.length > 1) tools.append(labelled('compare.against', against));
    tools.append(labelled('compare.of', ofSel), toggle);
    against.addEventListener('change', () => { chartTarget = Number(against.value); redraw(); });
    ofSel.addEventListener('change', () => { of = ofSel.value; redraw(); });
    // redraw keeps a changed option in the address and draws again, the
    // focus where it was.
    function redraw() {
      const focused = document.activeElement && document.activeElement.id;
      const pressed = document.activeElement && document.activeElement.dataset && document.activeElement.dataset.mode;
      setQuery(params(res.req));
      applied = `${language()}|${location.search}`;
      draw();
      const back = focused ? document.getElementById(focused) : pressed && result.querySelector(`button[data-mode="${pressed}"]`);
      if (back) back.focus();
    }

    const dist = (p) => (of === 'wounds' ? p.wounds : p.models_killed);
    const key = mode === 'eq' ? 'p' : 'p_at_least';
    const pairs = res.results.filter((p) => p.target_index === chartTarget);
    const series = pairs.map((p) => ({ name: p.attacker, values: dist(p).values }));
    const what = t('compare.of.' + of);
    const description = t('compare.describe', {
      what, target: targets[chartTarget],
      list: pairs.map((p) => t('compare.item', { name: p.attacker, mean: num(dist(p).mean), p: percent(p.wipe_out) })).join('; '),
    });
    const fig = make('figure', { class: 'chart-box compare-chart' });
    const cap = make('figcaption');
    cap.textContent = `${what}: P(${mode === 'eq' ? '=' : '≥'} n)`;
    const chart = make('div', { class: 'chart', id: 'compare-chart' });
    const readout = make('p', { class: 'readout', 'aria-live': 'polite' });
    fig.append(cap, chart, legend(series, t('compare.legend')), readout);

    // The table: a row per pair, the targets in turn.
    const rows = tableRows(res, dist, key);
    const table = make('table', { id: 'compare-table' });
    const caption = make('caption', { class: 'sr-only' }, 'chart.table');
    const thead = make('thead');
    const hr = make('tr');
    for (const c of rows.head) hr.append(html('th', { scope: 'col' }, c.text));
    thead.append(hr);
    const tbody = make('tbody');
    for (const r of rows.body) {
      const tr = make('tr');
      r.forEach((c, i) => tr.append(html(i < 2 ? 'th' : 'td', i < 2 ? { scope: 'row', 'data-key': c.key } : { 'data-key': c.key }, c.text)));
      tbody.append(tr);
    }
    table.append(caption, thead, tbody);
    const wrap = make('div', { class: 'table', tabindex: '0', role: 'region', 'aria-label': t('chart.table') });
    wrap.append(table);

    const copy = make('button', { type: 'button', id: 'compare-copy', class: 'copy' }, 'chart.copy');
    const csv = make('a', { id: 'compare-csv', class: 'button', href: '#', download: `${t('compare.filename')}.csv` }, 'compare.csv');
    const done = make('span', { class: 'status', role: 'status', id: 'compare-copied' });
    copy.addEventListener('click', async () => {
      try {
        await navigator.clipboard.writeText([rows.head, ...rows.body].map((r) => r.map((c) => c.text).join('\t')).join('\n'));
        done.textContent = t('chart.copied');
      } catch {
        getSelection().selectAllChildren(table);
        done.textContent = t('chart.select');
      }
    });
    csv.addEventListener('click', () => { csv.href = `data:text/csv;charset=utf-8,${encodeURIComponent(csvText(rows))}`; });

    // The link reproduces the comparison (the options of the chart too).
    const share = make('button', { type: 'button', id: 'compare-share' }, 'compare.share');
    const linkLabel = make('label', { class: 'wide compare-link' });
    const link = make('input', { id: 'compare-link', type: 'url', readonly: '', spellcheck: 'false' });
    link.value = location.origin + '/compare?' + new URLSearchParams(params(res.req));
    linkLabel.append(make('span', {}, 'compare.link'), link);
    share.addEventListener('click', async () => {
      link.value = location.origin + '/compare?' + new URLSearchParams(params(res.req));
      try {
        await navigator.clipboard.writeText(link.value);
        done.textContent = t('unit.copied');
      } catch {
        done.textContent = t('unit.ready');
      }
      link.select();
    });
    const actions = make('div', { class: 'row compare-actions' });
    actions.append(copy, csv, share, done);

    const notes = make('ul', { class: 'status compare-notes' });
    for (const n of res.notes || []) {
      const li = make('li');
      li.textContent = localNote(n);
      notes.append(li);
    }
    result.replaceChildren(h, tools, fig, actions, linkLabel, wrap, notes);
    if ((res.rules || []).length) result.append(rulesApplied(res.rules));
    seriesChart(chart, series, { mode, description, readout });
  }

  // localNote names the action a note quotes by its id ("the attack
  // action") by its title, on a page in Polish or Czech.
  const localNote = (n) => {
    const id = n.args && n.args.action;
    if (!id || language() === 'en' || !current.actions[id]) return n.text;
    return n.text.replace(new RegExp(`\\b${id}\\b`, 'g'), `„${localized(current.actions[id].title)}”`);
  };

  // tableRows are the table's header and rows, each cell its text and its
  // value for a spreadsheet.
  function tableRows(res, dist, key) {
    const pct = (p) => ({ text: exact(p), csv: num(p * 100, 4) });
    const n = (x) => ({ text: num(x, 4), csv: num(x, 4) });
    const none = { text: '–', csv: '' };
    const priced = res.results.some((p) => p.points != null);
    const max = Math.max(...res.results.map((p) => dist(p).values.reduce((m, d) => Math.max(m, d.value), 0)));
    const from = key === 'p_at_least' ? 1 : 0;
    const sym = key === 'p' ? '=' : '≥';
    const head = ['compare.col.target', 'compare.col.attacker', 'compare.col.wounds', 'compare.col.killed', 'compare.col.wipe']
      .concat(priced ? ['compare.col.points', 'compare.col.killed100', 'compare.col.wounds100'] : [])
      .map((k) => ({ text: t(k), key: k }));
    for (let v = from; v <= max; v++) head.push({ text: `P(${sym} ${v})`, key: `p${v}` });
    const order = [...res.results].sort((a, b) => a.target_index - b.target_index || a.attacker_index - b.attacker_index);
    const body = order.map((p) => {
      const row = [{ text: p.target, csv: p.target, key: 'target' }, { text: p.attacker, csv: p.attacker, key: 'attacker' },
        { ...n(p.wounds.mean), key: 'wounds' }, { ...n(p.models_killed.mean), key: 'killed' }, { ...pct(p.wipe_out), key: 'wipe' }];
      if (priced) {
        row.push(p.points != null ? { ...n(p.points), key: 'points' } : { ...none, key: 'points' },
          p.models_killed_per_100_points != null ? { ...n(p.models_killed_per_100_points), key: 'killed100' } : { ...none, key: 'killed100' },
          p.wounds_per_100_points != null ? { ...n(p.wounds_per_100_points), key: 'wounds100' } : { ...none, key: 'wounds100' });
      }
      const vals = dist(p).values;
      for (let v = from; v <= max; v++) {
        const d = vals.find((x) => x.value === v);
        row.push({ ...pct(d ? d[key] : 0), key: `p${v}` });
      }
      return row;
    });
    return { head: head.map((h) => ({ ...h, csv: h.text })), body };
  }

  // csvText is the table as CSV: a semicolon between fields where the
  // decimal mark is a comma (pl, cs), percentages as numbers, a byte
  // order mark so that a spreadsheet reads it as UTF-8.
  function csvText(rows) {
    const sep = num(0.5, 1).includes(',') ? ';' : ',';
    const field = (s) => (/[";,\n\t]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s);
    const head = rows.head.map((c) => field(/^p\d+$/.test(c.key) || c.key === 'compare.col.wipe' ? `${c.csv} %` : c.csv));
    return '\ufeff' + [head, ...rows.body.map((r) => r.map((c) => field(c.csv)))].map((r) => r.join(sep)).join('\r\n') + '\r\n';
  }

  // rulesApplied lists the rulebook sections the preset targets come from.
  function rulesApplied(rules) {
    const box = make('div', { class: 'rules-applied' });
    const h = make('h3', {}, 'attack.rules');
    const list = make('ul');
    const book = systems.find((x) => x.id === current.id);
    for (const r of rules) {
      const li = make('li');
      const a = make('a', { href: `/r/${encodeURIComponent(r.id)}` });
      a.textContent = r.title;
      if (book && book.language) a.lang = book.language;
      li.append(a);
      list.append(li);
    }
    box.append(h, list);
    return box;
  }

  return {
    async show() {
      await styled;
      try {
        if (!systems) {
          systems = (await get('/v1/systems')).systems.filter((s) => s.actions.includes('attack'));
          for (const s of systems) systemSel.append(make('option', { value: s.id }));
        }
        for (const o of systemSel.options) o.textContent = localized(systems.find((s) => s.id === o.value).name);
        // The same address in the same language: the view is as it was.
        if (applied === `${language()}|${location.search}` && current) return;
        applied = `${language()}|${location.search}`;
        const q = query();
        mode = q.get('view') === 'eq' ? 'eq' : 'ge';
        of = q.get('of') === 'wounds' ? 'wounds' : 'models';
        chartTarget = Math.max(0, Math.min(2, Number(q.get('target')) || 0));
        const asked = q.get('system') || (current && current.id) || 'quality-d6';
        let bad = '';
        if (!systems.some((s) => s.id === asked)) bad = t('compare.nosystem', { system: asked });
        await loadSystem(bad ? systems[0].id : asked);
        let req = null;
        if (q.get('q') && !bad) {
          try {
            req = decode(q.get('q'));
            if (!req || typeof req !== 'object' || !Array.isArray(req.attackers) || !Array.isArray(req.targets)) throw new Error('not a comparison');
          } catch {
            req = null;
            bad = t('compare.badlink');
          }
        }
        action = (req && typeof req.action === 'string' && req.action) || '';
        last = null;
        build(req || defaults());
        await run(false);
        if (bad) showError(bad);
      } catch (e) {
        showError(problemText(e));
      }
    },
  };
}
