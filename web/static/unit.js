// A unit built in the attack or cost view, kept without any server: shared
// as a link that carries it (base64url JSON in the URL's fragment), and
// exported and imported as the units file of the Discord bot's
// "/unit export" (package units: {"kostka_units": 1, "units": [{"name",
// "system", "profile"}]}).

import { t } from './i18n.js';

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
const toBase64url = (bytes) => btoa(String.fromCharCode(...bytes)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
const fromBase64url = (s) => Uint8Array.from(atob(s.replaceAll('-', '+').replaceAll('_', '/')), (c) => c.charCodeAt(0));

// unitLink is the address of path that opens it with the unit filled in.
export function unitLink(path, unit) {
  const json = JSON.stringify({ name: unit.name, system: unit.system, profile: unit.profile });
  return `${location.origin}${path}#unit=${toBase64url(new TextEncoder().encode(json))}`;
}

// linkedUnit returns the unit carried by the address's fragment, null when
// there is none, or throws when it cannot be read.
export function linkedUnit() {
  const m = location.hash.match(/^#unit=([A-Za-z0-9_-]*)$/);
  if (!m) {
    if (location.hash.startsWith('#unit=')) fail('unit.bad.link');
    return null;
  }
  try {
    if (m[1].length > MAX_LINK) throw new Error('too long');
    return checkUnit(JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(fromBase64url(m[1]))), 1);
  } catch {
    return fail('unit.bad.link');
  }
}

// fileName is a download's name for a unit: its name in plain letters.
const fileName = (name) => (name.normalize('NFKD').replace(/[^\w-]+/g, '-').replace(/^-+|-+$/g, '').toLowerCase() || 'unit') + '.json';

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
export function unitTools(box, id, path, { get, set, accepts }) {
  const details = make('details', { class: 'unit-tools' });
  const summary = make('summary', {}, 'unit.title');
  const nameLabel = make('label');
  const name = make('input', { id: `${id}-name`, autocomplete: 'off', maxlength: String(MAX_NAME) });
  nameLabel.append(make('span', {}, 'unit.name'), name);

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
  fields.append(nameLabel, linkLabel, fileLabel, pickLabel, pasteLabel);
  details.append(summary, fields, actions, importButton, status, error);
  box.replaceChildren(details);

  const say = (text) => { status.textContent = text; error.hidden = true; };
  const complain = (e) => {
    status.textContent = '';
    error.textContent = e instanceof UnitError ? e.message : t('unit.bad.json');
    error.hidden = false;
  };
  // current is the view's unit with its name, or throws.
  const current = () => ({ name: checkName(name.value), ...get() });

  share.addEventListener('click', async () => {
    try {
      link.value = unitLink(path, current());
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
      download.href = `data:application/json;charset=utf-8,${encodeURIComponent(exportText([u]))}`;
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
    say(t('unit.loaded', { name: u.name }) + (unused.length ? ' ' + t('unit.unused', { list: unused.join(', ') }) : ''));
  }
  async function importText(text) {
    try {
      const all = parseImport(text);
      choices = all.filter((u) => accepts(u.system));
      if (!choices.length) fail('unit.bad.system', { systems: [...new Set(all.map((u) => u.system))].join(', ') });
      pick.replaceChildren(...choices.map((u, i) => { const o = make('option', { value: String(i) }); o.textContent = u.name; return o; }));
      pickLabel.hidden = choices.length < 2;
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

  return {
    // fromLink fills the view with the unit of the address, if it has one.
    async fromLink() {
      try {
        const u = linkedUnit();
        if (!u) return;
        if (!accepts(u.system)) fail('unit.bad.system', { systems: u.system });
        await load(u);
        details.open = true;
      } catch (e) {
        details.open = true;
        complain(e);
      }
    },
  };
}
