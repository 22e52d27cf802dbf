// A unit built in the attack or cost view, kept without any server: shared
// as a link that carries it (base64url JSON in the URL's fragment), and
// exported and imported as the units file of the Discord bot's
// "/unit export" (package units: {"kostka_units": 1, "units": [{"name",
// "system", "profile"}]}).

import { t } from './i18n.js';
import { reveal } from './state.js';

// The units file's format and the bot's limits (units.ExportFormat,
// units.MaxImportBytes, units.DefaultLimits).
const FORMAT = 1;
const MAX_FILE = 1 << 20;
const MAX_UNITS = 100;
const MAX_NAME = 64;
const MAX_LINK = 8192;

// UnitError is a unit or a file the page cannot use; its message is
// localized.
export class UnitError extends Error {}

const fail = (key, vars) => { throw new UnitError(t(key, vars)); };

// checkName returns the trimmed name or throws: a unit needs 1 to 64
// characters, no control characters (units.CheckName).
function checkName(name) {
  const n = String(name ?? '').trim();
  if (!n) fail('unit.noname');
  if ([...n].length > MAX_NAME) fail('unit.longname', { max: MAX_NAME });
  if (/\p{Cc}/u.test(n)) fail('unit.badname');
  return n;
}

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

// checkUnit returns {name, system, profile} of one unit of a file or link,
// or throws naming it by its place (n, from 1).
function checkUnit(u, n) {
  if (!isObject(u) || typeof u.system !== 'string' || !u.system || !isObject(u.profile) || typeof u.name !== 'string') {
    fail('unit.bad.unit', { n });
  }
  try {
    return { name: checkName(u.name), system: u.system, profile: u.profile };
  } catch {
    return fail('unit.bad.unit', { n });
  }
}

// exportText is the units file of the given units, as the bot writes it.
export function exportText(units) {
  return JSON.stringify({ kostka_units: FORMAT, units: units.map(({ name, system, profile }) => ({ name, system, profile })) }, null, 2) + '\n';
}

// parseImport reads a units file and returns its units, or throws a
// UnitError saying what is wrong with it.
export function parseImport(text) {
  if (new TextEncoder().encode(text).length > MAX_FILE) fail('unit.bad.size');
  let file;
  try {
    file = JSON.parse(text);
  } catch {
    fail('unit.bad.json');
  }
  if (!isObject(file) || !('kostka_units' in file) || !Array.isArray(file.units)) fail('unit.bad.format');
  if (file.kostka_units !== FORMAT) fail('unit.bad.version', { n: String(file.kostka_units), want: FORMAT });
  if (!file.units.length) fail('unit.bad.empty');
  if (file.units.length > MAX_UNITS) fail('unit.bad.many', { max: MAX_UNITS });
  return file.units.map((u, i) => checkUnit(u, i + 1));
}

// base64url encodes bytes without padding, and decodes it back.
export const toBase64url = (bytes) => btoa(String.fromCharCode(...bytes)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
export const fromBase64url = (s) => Uint8Array.from(atob(s.replaceAll('-', '+').replaceAll('_', '/')), (c) => c.charCodeAt(0));

// unitLink is the address of path that opens it with the unit filled in,
// and with target as the attack's target when there is one: the fragment
// is "unit=…", "target=…" or "unit=…&target=…".
export function unitLink(path, unit, target) {
  const part = (u) => toBase64url(new TextEncoder().encode(JSON.stringify({ name: u.name, system: u.system, profile: u.profile })));
  const parts = [];
  if (unit) parts.push(`unit=${part(unit)}`);
  if (target) parts.push(`target=${part(target)}`);
  return `${location.origin}${path}#${parts.join('&')}`;
}

// linkedUnits returns the units the address's fragment carries, {unit,
// target} (either may be missing; a link of one unit is the unit), or
// throws when the fragment names units that cannot be read.
export function linkedUnits() {
  if (!/^#(unit|target)=/.test(location.hash)) return {};
  const out = {};
  for (const part of location.hash.slice(1).split('&')) {
    const m = part.match(/^(unit|target)=([A-Za-z0-9_-]*)$/);
    if (!m || m[1] in out) fail('unit.bad.link');
    try {
      if (m[2].length > MAX_LINK) throw new Error('too long');
      out[m[1]] = checkUnit(JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(fromBase64url(m[2]))), 1);
    } catch {
      fail('unit.bad.link');
    }
  }
  return out;
}

// fileName is a download's name for a unit: its name with its letters
// kept ("Łucznicy.json"), only the characters no file system takes
// (/ \ : * ? " < > | and control characters) made dashes.
export const fileName = (name) => (String(name).normalize('NFC').replace(/[\\/:*?"<>|\p{Cc}]+/gu, '-').replace(/^[-.\s]+|[-.\s]+$/g, '') || 'unit') + '.json';

// The unit library: units saved on this device (localStorage), each
// {name, system, profile}, at most MAX_UNITS, names unique.
const LIBRARY = 'kostka.units';

export function library() {
  try {
    const all = JSON.parse(localStorage.getItem(LIBRARY) || '[]');
    return Array.isArray(all) ? all.filter((u) => isObject(u) && typeof u.name === 'string' && isObject(u.profile)) : [];
  } catch {
    return [];
  }
}

function saveLibrary(all) {
  localStorage.setItem(LIBRARY, JSON.stringify(all));
  window.dispatchEvent(new Event('kostka:library'));
}

// keep saves u in the library, replacing a unit of the same name.
function keep(u) {
  const all = library().filter((x) => x.name !== u.name);
  if (all.length >= MAX_UNITS) fail('unit.bad.many', { max: MAX_UNITS });
  all.push({ name: u.name, system: u.system, profile: u.profile });
  all.sort((a, b) => a.name.localeCompare(b.name));
  saveLibrary(all);
}

const make = (tag, attrs = {}, i18n) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (i18n) { e.dataset.i18n = i18n; e.textContent = t(i18n); }
  return e;
};

// unitTools builds, into box, the unit's name, its link, the file download
// and the import (a file or pasted JSON). get returns the unit in the view
// ({system, profile}) or throws a UnitError; set fills the view with a unit
// and returns the names of the profile's fields it did not use; accepts
// says whether the view takes a unit of a system. The ids start with id.
//
// A view with an attack's target as well (the attack view) gives target:
// {get, set}, the target's {system, profile} in the view (its profile
// under the unit's own field names) and the filling of the target's
// fields from a unit. Then the tools have the target's name and a second
// choice of unit, loaded as the target; the link and the file carry the
// target too when it has a name.
export function unitTools(box, id, path, { get, set, accepts, target, labels = (names) => names }) {
  const details = make('details', { class: 'unit-tools' });
  const summary = make('summary', {}, 'unit.title');
  const nameLabel = make('label');
  const name = make('input', { id: `${id}-name`, autocomplete: 'off', maxlength: String(MAX_NAME) });
  nameLabel.append(make('span', {}, target ? 'unit.attacker.name' : 'unit.name'), name);

  const share = make('button', { type: 'button', id: `${id}-share` }, 'unit.share');
  const download = make('a', { id: `${id}-export`, class: 'button', href: '#', download: 'unit.json' }, 'unit.export');
  const actions = make('div', { class: 'row' });
  actions.append(share, download);
  const linkLabel = make('label', { class: 'wide' });
  linkLabel.hidden = true;
  const link = make('input', { id: `${id}-link`, readonly: '', spellcheck: 'false' });
  linkLabel.append(make('span', {}, 'unit.link'), link);

  const fileLabel = make('label');
  const file = make('input', { id: `${id}-file`, type: 'file', accept: '.json,application/json' });
  fileLabel.append(make('span', {}, 'unit.file'), file);
  const pasteLabel = make('label', { class: 'wide' });
  const paste = make('textarea', { id: `${id}-paste`, rows: '3', spellcheck: 'false' });
  pasteLabel.append(make('span', {}, 'unit.paste'), paste);
  const importButton = make('button', { type: 'button', id: `${id}-import` }, 'unit.import');
  const pickLabel = make('label');
  pickLabel.hidden = true;
  const pick = make('select', { id: `${id}-pick` });
  pickLabel.append(make('span', {}, 'unit.pick'), pick);

  const status = make('p', { id: `${id}-status`, class: 'status', role: 'status' });
  const error = make('p', { id: `${id}-error`, class: 'error', role: 'alert' });
  error.hidden = true;
  const fields = make('div', { class: 'unit-fields' });
  fields.append(nameLabel);

  // The target: its name, and the choice of a unit of the file to load as
  // the target (shown once a file is imported).
  const targetNameLabel = make('label');
  const targetName = make('input', { id: `${id}-target-name`, autocomplete: 'off', maxlength: String(MAX_NAME) });
  targetNameLabel.append(make('span', {}, 'unit.target.name'), targetName);
  const targetLabel = make('label');
  targetLabel.hidden = true;
  const targetPick = make('select', { id: `${id}-target` });
  targetLabel.append(make('span', {}, 'unit.target.pick'), targetPick);
  if (target) fields.append(targetNameLabel);
  fields.append(linkLabel, fileLabel, pickLabel);
  if (target) fields.append(targetLabel);
  fields.append(pasteLabel);
  // The library: save the unit on this device; the saved units of this
  // view's systems, each to open, rename, download or delete.
  const save = make('button', { type: 'button', id: `${id}-save` }, 'unit.save');
  actions.prepend(save);
  const shelf = make('section', { class: 'library', 'aria-labelledby': `${id}-library-h` });
  const shelfTitle = make('h2', { id: `${id}-library-h`, class: 'small' }, 'unit.library');
  const shelfList = make('ul', { id: `${id}-library` });
  const shelfEmpty = make('p', { class: 'status' }, 'unit.library.empty');
  shelf.append(shelfTitle, shelfEmpty, shelfList);
  details.append(summary, fields, actions, importButton, status, error, shelf);
  box.replaceChildren(details);

  function listLibrary() {
    const mine = library().filter((u) => accepts(u.system));
    shelfEmpty.hidden = mine.length > 0;
    shelfList.replaceChildren(...mine.map((u, i) => {
      const li = make('li');
      const rename = make('input', { class: 'name', value: u.name, maxlength: String(MAX_NAME), autocomplete: 'off', 'aria-label': t('unit.library.name', { n: i + 1 }) });
      const open = make('button', { type: 'button', class: 'open' });
      open.textContent = t('unit.library.open');
      open.setAttribute('aria-label', `${t('unit.library.open')}: ${u.name}`);
      const renameButton = make('button', { type: 'button', class: 'rename' });
      renameButton.textContent = t('unit.library.rename');
      renameButton.setAttribute('aria-label', `${t('unit.library.rename')}: ${u.name}`);
      const down = make('a', { class: 'button export', href: `data:application/json;charset=utf-8,${encodeURIComponent(exportText([u]))}`, download: fileName(u.name) });
      down.textContent = t('unit.library.export');
      down.setAttribute('aria-label', `${t('unit.library.export')}: ${u.name}`);
      const del = make('button', { type: 'button', class: 'delete' });
      del.textContent = t('unit.library.delete');
      del.setAttribute('aria-label', `${t('unit.library.delete')}: ${u.name}`);
      open.addEventListener('click', () => load(checkUnit(u, i + 1)).then(() => reveal(status)).catch(complain));
      renameButton.addEventListener('click', () => {
        try {
          const to = checkName(rename.value);
          if (to !== u.name && library().some((x) => x.name === to)) fail('unit.library.taken', { name: to });
          saveLibrary(library().map((x) => (x.name === u.name ? { ...x, name: to } : x)).sort((a, b) => a.name.localeCompare(b.name)));
          say(t('unit.library.renamed', { name: to }));
        } catch (e) {
          complain(e);
        }
      });
      del.addEventListener('click', () => {
        saveLibrary(library().filter((x) => x.name !== u.name));
        say(t('unit.library.deleted', { name: u.name }));
        save.focus();
      });
      li.append(rename, open, renameButton, down, del);
      return li;
    }));
  }
  save.addEventListener('click', () => {
    try {
      const u = current();
      keep(u);
      say(t('unit.library.saved', { name: u.name }));
    } catch (e) {
      complain(e);
    }
  });
  window.addEventListener('kostka:library', listLibrary);
  window.addEventListener('storage', (e) => { if (e.key === LIBRARY) listLibrary(); });
  listLibrary();

  const say = (text) => { status.textContent = text; error.hidden = true; };
  const complain = (e) => {
    status.textContent = '';
    error.textContent = e instanceof UnitError ? e.message : t('unit.bad.json');
    error.hidden = false;
  };
  // current is the view's unit with its name, or throws.
  const current = () => ({ name: checkName(name.value), ...get() });
  // currentTarget is the view's target with its name, null when it has
  // none, or throws.
  const currentTarget = () => {
    if (!target || !targetName.value.trim()) return null;
    const u = { name: checkName(targetName.value), ...target.get() };
    if (u.name === checkName(name.value)) fail('unit.target.same');
    return u;
  };

  share.addEventListener('click', async () => {
    try {
      link.value = unitLink(path, current(), currentTarget());
      linkLabel.hidden = false;
      try {
        await navigator.clipboard.writeText(link.value);
        say(t('unit.copied'));
      } catch {
        say(t('unit.ready'));
      }
      link.select();
    } catch (e) {
      complain(e);
    }
  });
  // The download's address is made as it is clicked, from the view as it
  // is then.
  download.addEventListener('click', (e) => {
    try {
      const u = current();
      const other = currentTarget();
      download.href = `data:application/json;charset=utf-8,${encodeURIComponent(exportText(other ? [u, other] : [u]))}`;
      download.download = fileName(u.name);
      say('');
    } catch (err) {
      e.preventDefault();
      complain(err);
    }
  });

  let choices = [];
  // load fills the view with u and says which of its fields it left out.
  async function load(u) {
    const unused = await set(u);
    name.value = u.name;
    say(t('unit.loaded', { name: u.name }) + (unused.length ? ' ' + t('unit.unused', { list: labels(unused).join(', ') }) : ''));
  }
  // loadTarget fills the target's fields with u.
  async function loadTarget(u) {
    await target.set(u);
    targetName.value = u.name;
    say(t('unit.target.loaded', { name: u.name }));
  }
  const option = (value, text) => { const o = make('option', { value }); o.textContent = text; return o; };
  async function importText(text) {
    try {
      const all = parseImport(text);
      choices = all.filter((u) => accepts(u.system));
      if (!choices.length) fail('unit.bad.system', { systems: [...new Set(all.map((u) => u.system))].join(', ') });
      pick.replaceChildren(...choices.map((u, i) => option(String(i), u.name)));
      pickLabel.hidden = choices.length < 2;
      const none = option('', t('unit.target.none'));
      none.dataset.i18n = 'unit.target.none';
      targetPick.replaceChildren(none, ...choices.map((u, i) => option(String(i), u.name)));
      targetLabel.hidden = false;
      await load(choices[0]);
    } catch (e) {
      complain(e);
    }
  }
  importButton.addEventListener('click', () => importText(paste.value));
  file.addEventListener('change', async () => {
    const f = file.files[0];
    if (!f) return;
    if (f.size > MAX_FILE) { complain(new UnitError(t('unit.bad.size'))); return; }
    await importText(await f.text());
    file.value = '';
  });
  pick.addEventListener('change', () => load(choices[Number(pick.value)]).catch(complain));
  targetPick.addEventListener('change', async () => {
    if (targetPick.value === '') return;
    const u = choices[Number(targetPick.value)];
    try {
      // The target is attacked in the attacker's game system.
      if (u.system !== get().system) fail('unit.bad.system', { systems: u.system });
      await loadTarget(u);
    } catch (e) {
      complain(e);
    }
  });

  return {
    // refresh lists the library again (the view's systems are known, the
    // language changed).
    refresh: listLibrary,
    // fromLink fills the view with the units of the address, if it has
    // any: the unit, and the target in a view that has one.
    async fromLink() {
      try {
        const { unit, target: other } = linkedUnits();
        if (!unit && !(other && target)) return;
        for (const u of [unit, other]) if (u && !accepts(u.system)) fail('unit.bad.system', { systems: u.system });
        if (unit) await load(unit);
        if (other && target) {
          if (unit && other.system !== unit.system) fail('unit.bad.system', { systems: other.system });
          await loadTarget(other);
        }
        details.open = true;
      } catch (e) {
        details.open = true;
        complain(e);
      }
    },
  };
}
