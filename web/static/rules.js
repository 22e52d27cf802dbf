// The rules view: search-as-you-type with suggestions, full search on
// Enter, and a rule's text with a permalink (/r/{id}).

import { get } from './api.js';
import { language, problemText, t } from './i18n.js';
import { query, reveal } from './state.js';

// highlighted turns a snippet (HTML-escaped text with <mark> tags, as the
// API sends it) into nodes, without ever parsing it as HTML.
function highlighted(snippet) {
  const unescape = (s) => s.replace(/&(lt|gt|quot|#34|#39|amp);/g, (_, e) =>
    ({ lt: '<', gt: '>', quot: '"', '#34': '"', '#39': "'", amp: '&' })[e]);
  const out = [];
  let marked = false;
  for (const part of snippet.split(/(<\/?mark>)/)) {
    if (part === '<mark>') { marked = true; continue; }
    if (part === '</mark>') { marked = false; continue; }
    const text = document.createTextNode(unescape(part));
    if (marked) { const m = document.createElement('mark'); m.append(text); out.push(m); } else out.push(text);
  }
  return out;
}

// englishNames marks, in the nodes of a rule's title, snippet or text, each
// of the section's aliases the rulebook quotes in parentheses ("Vrhnout se
// do krytu (Dive for Cover)"): the Polish and Czech rulebooks give a term's
// original English name so, and the aliases are those names. The name
// gets lang="en", so that it is read as English, not as the page's words.
function englishNames(nodes, aliases) {
  // English names only (plain ASCII), the longest first ("Front Facing"
  // before "Facing").
  const names = (aliases || []).filter((a) => /^[\x20-\x7e]+$/.test(a) && /\p{L}{2,}/u.test(a))
    .sort((a, b) => b.length - a.length);
  if (!names.length) return nodes;
  const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const re = new RegExp(`\\((${names.map(escape).join('|')})\\)`, 'gi');
  const mark = (node) => {
    if (node.nodeType !== Node.TEXT_NODE) {
      node.replaceChildren(...[...node.childNodes].flatMap(mark));
      return [node];
    }
    const out = [];
    let at = 0;
    for (const m of node.data.matchAll(re)) {
      const span = document.createElement('span');
      span.lang = 'en';
      span.textContent = m[1];
      out.push(document.createTextNode(node.data.slice(at, m.index + 1)), span);
      at = m.index + 1 + m[1].length;
    }
    if (!out.length) return [node];
    out.push(document.createTextNode(node.data.slice(at)));
    return out;
  };
  return nodes.flatMap(mark);
}

// inline turns **bold** and *emphasis* into nodes; everything else is text.
function inline(line) {
  const out = [];
  for (const part of line.split(/(\*\*[^*]+\*\*|\*[^*\s][^*]*\*)/)) {
    if (!part) continue;
    const strong = part.startsWith('**') && part.endsWith('**') && part.length > 4;
    const em = !strong && part.length > 2 && part.startsWith('*') && part.endsWith('*');
    if (strong || em) {
      const el = document.createElement(strong ? 'strong' : 'em');
      el.textContent = part.slice(strong ? 2 : 1, strong ? -2 : -1);
      out.push(el);
    } else out.push(document.createTextNode(part));
  }
  return out;
}

// markdown renders a rule's text (the subset the rulebooks use: paragraphs,
// "- " lists, "###" headings, pipe tables, emphasis) as DOM nodes, never
// parsing it as HTML.
export function markdown(text) {
  const blocks = [];
  for (const block of text.split(/\n{2,}/)) {
    const lines = block.split('\n');
    if (lines.every((l) => l.trim().startsWith('|'))) {
      const table = document.createElement('table');
      const rows = lines.filter((l) => !/^\s*\|?[\s:|-]+\|?\s*$/.test(l));
      rows.forEach((l, i) => {
        const tr = document.createElement('tr');
        for (const cell of l.trim().replace(/^\||\|$/g, '').split('|')) {
          const td = document.createElement(i === 0 ? 'th' : 'td');
          td.append(...inline(cell.trim()));
          tr.append(td);
        }
        table.append(tr);
      });
      const wrap = document.createElement('div');
      wrap.className = 'table';
      wrap.tabIndex = 0; // a wide table scrolls sideways, by keyboard too
      wrap.append(table);
      blocks.push(wrap);
    } else if (lines.every((l) => /^\s*- /.test(l))) {
      const ul = document.createElement('ul');
      for (const l of lines) {
        const li = document.createElement('li');
        li.append(...inline(l.replace(/^\s*- /, '')));
        ul.append(li);
      }
      blocks.push(ul);
    } else if (/^#{3,6} /.test(block)) {
      const h = document.createElement('h3');
      h.append(...inline(block.replace(/^#+ /, '')));
      blocks.push(h);
    } else {
      const p = document.createElement('p');
      lines.forEach((l, i) => { if (i) p.append(document.createElement('br')); p.append(...inline(l)); });
      blocks.push(p);
    }
  }
  return blocks;
}

export function rulesView() {
  const form = document.getElementById('rules-form');
  const q = document.getElementById('rules-q');
  const system = document.getElementById('rules-system');
  const list = document.getElementById('rules-suggest');
  const status = document.getElementById('rules-status');
  const hits = document.getElementById('rules-hits');
  const rule = document.getElementById('rule');
  const home = document.getElementById('home');
  let systems = null, timer = 0, seq = 0, active = -1, searched = null, lastStatus = '';

  // ruleLang is the language a rulebook is written in (its quoted text
  // is marked with it, for screen readers and hyphenation).
  const ruleLang = (id) => {
    const s = systems && systems.find((x) => x.id === id);
    return (s && s.language) || '';
  };
  // searchKey is what a search is of: the words and the rulebook.
  const searchKey = () => `${q.value.trim()}\u0000${system.value}`;

  // systemName is a rulebook's name in the page's language (the API's
  // answers name it by id).
  const systemName = (id) => {
    const s = systems && systems.find((x) => x.id === id);
    return s ? s.name[language()] || s.name.en : '';
  };

  async function loadSystems() {
    try {
      if (!systems) {
        systems = (await get('/v1/systems')).systems;
        for (const s of systems) {
          const o = document.createElement('option');
          o.value = s.id;
          system.append(o);
        }
      }
      for (const o of system.options) if (o.value) o.textContent = systemName(o.value);
    } catch { /* the filter stays at "all" */ }
  }

  // closeSuggest hides the suggestions and drops any still on their way.
  function closeSuggest() {
    seq++;
    clearTimeout(timer);
    list.hidden = true; list.replaceChildren(); active = -1; q.removeAttribute('aria-activedescendant');
  }

  async function suggest() {
    const my = ++seq;
    const text = q.value.trim();
    if (!text) { closeSuggest(); return; }
    let items = [];
    try {
      const res = await get('/v1/suggest', { q: text, system: system.value });
      items = Array.isArray(res) ? res : res.suggestions || [];
    } catch { items = []; }
    if (my !== seq) return;
    list.replaceChildren();
    items.slice(0, 8).forEach((s, i) => {
      const li = document.createElement('li');
      li.id = `sg-${i}`;
      li.setAttribute('role', 'option');
      li.dataset.id = s.id;
      const title = document.createElement('span');
      title.textContent = s.title;
      const sys = document.createElement('small');
      sys.textContent = systemName(s.system);
      li.append(title, sys);
      li.addEventListener('mousedown', (e) => { e.preventDefault(); openRule(s.id); });
      list.append(li);
    });
    list.hidden = items.length === 0;
  }

  function move(delta) {
    const items = [...list.children];
    if (!items.length) return;
    active = (active + delta + items.length) % items.length;
    items.forEach((li, i) => li.setAttribute('aria-selected', i === active));
    q.setAttribute('aria-activedescendant', items[active].id);
  }

  // search searches; push makes the search a new history entry (a press
  // of Search), so that Back from a hit it found comes back to it.
  async function search(push) {
    closeSuggest();
    const text = q.value.trim();
    if (!text) return;
    rule.hidden = true;
    home.hidden = true;
    // The last search's hits are not this one's.
    hits.replaceChildren();
    hits.hidden = false;
    status.textContent = t('rules.loading');
    const params = new URLSearchParams({ q: text });
    if (system.value) params.set('system', system.value);
    const url = `/?${params}`;
    if (push && url !== location.pathname + location.search) history.pushState(null, '', url);
    else if (url !== location.pathname + location.search) history.replaceState(null, '', url);
    window.dispatchEvent(new Event('kostka:state'));
    searched = searchKey();
    try {
      await loadSystems();
      const res = await get('/v1/search', { q: text, system: system.value, limit: 20 });
      hits.replaceChildren();
      // A weak match (only a far typo) is no answer: say so and offer the
      // search's guesses instead of listing them as results.
      const weak = res.weak && res.did_you_mean && res.did_you_mean.length > 0;
      if (weak) {
        status.textContent = t('rules.weak', { q: text });
        for (const s of res.did_you_mean) {
          const li = document.createElement('li');
          const a = document.createElement('a');
          a.href = `/r/${encodeURIComponent(s.id)}`;
          const title = document.createElement('strong');
          title.textContent = s.title;
          const meta = document.createElement('small');
          meta.textContent = systemName(s.system);
          title.lang = ruleLang(s.system);
          a.append(title, meta);
          li.append(a);
          hits.append(li);
        }
        if (push) reveal(status);
        return;
      }
      status.textContent = res.hits.length ? t('rules.count', { n: res.total }) : t('rules.none');
      for (const h of res.hits) {
        const li = document.createElement('li');
        const a = document.createElement('a');
        a.href = `/r/${encodeURIComponent(h.id)}`;
        const title = document.createElement('strong');
        title.append(...englishNames([document.createTextNode(h.title)], h.aliases));
        const meta = document.createElement('small');
        meta.textContent = systemName(h.system);
        const snip = document.createElement('span');
        snip.append(...englishNames(highlighted(h.snippet || ''), h.aliases));
        title.lang = snip.lang = ruleLang(h.system);
        a.append(title);
        if (h.house_rule) {
          const house = document.createElement('em');
          house.className = 'badge';
          house.textContent = t('rules.house');
          a.append(house);
        }
        a.append(meta, snip);
        li.append(a);
        hits.append(li);
      }
      if (push) reveal(status);
    } catch (e) {
      status.textContent = problemText(e);
      if (push) reveal(status);
    }
  }

  async function openRule(id) {
    closeSuggest();
    const path = `/r/${encodeURIComponent(id)}`;
    if (location.pathname !== path) history.pushState(null, '', path);
    await showRule(id);
  }

  async function showRule(id) {
    home.hidden = true;
    try {
      await loadSystems();
      const r = await get(`/v1/rules/${encodeURIComponent(id)}`);
      document.getElementById('rule-title').replaceChildren(...englishNames([document.createTextNode(r.title)], r.aliases));
      document.getElementById('rule-title').lang = r.lang || ruleLang(r.system);
      document.getElementById('rule-house').hidden = !r.house_rule;
      document.getElementById('rule-system').textContent = systemName(r.system);
      const link = document.getElementById('rule-link');
      link.href = `/r/${encodeURIComponent(r.id)}`;
      const text = document.getElementById('rule-text');
      text.replaceChildren(...englishNames(markdown(r.text), r.aliases));
      text.lang = r.lang || ruleLang(r.system);
      rule.hidden = false;
      if (!hits.hidden) lastStatus = status.textContent;
      status.textContent = '';
      // The search's hits stay, hidden, for Back.
      hits.hidden = true;
      document.title = `${r.title} · Kostka`;
    } catch (e) {
      rule.hidden = true;
      hits.hidden = true;
      status.textContent = e.problem && e.problem.status === 404 ? t('rules.notfound') : problemText(e);
      if (e.problem && e.problem.status === 404) q.focus();
    }
  }

  q.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(suggest, 120);
    // The words typed are kept in the address, in place.
    if (location.pathname === '/') {
      const params = new URLSearchParams(q.value.trim() ? { q: q.value.trim() } : {});
      if (q.value.trim() && system.value) params.set('system', system.value);
      history.replaceState(null, '', `/${params.size ? `?${params}` : ''}`);
      window.dispatchEvent(new Event('kostka:state'));
    }
  });
  q.addEventListener('keydown', (e) => {
    if (e.key === 'ArrowDown') { e.preventDefault(); move(1); }
    else if (e.key === 'ArrowUp') { e.preventDefault(); move(-1); }
    else if (e.key === 'Escape') closeSuggest();
    else if (e.key === 'Enter' && active >= 0) { e.preventDefault(); openRule(list.children[active].dataset.id); }
  });
  q.addEventListener('blur', () => setTimeout(closeSuggest, 100));
  form.addEventListener('submit', (e) => { e.preventDefault(); search(true); });
  document.getElementById('rule-copy').addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(location.href);
      status.textContent = t('rules.copied');
    } catch { /* clipboard refused: the link is still there to copy by hand */ }
  });

  return {
    show(path) {
      loadSystems();
      const m = path.match(/^\/r\/(.+)$/);
      if (m) { showRule(decodeURIComponent(m[1])); return; }
      rule.hidden = true;
      const asked = query();
      if (asked.get('q')) {
        // A search in the address (Back from a hit, a reload, a link):
        // its hits, kept or searched again.
        q.value = asked.get('q');
        system.value = asked.get('system') || '';
        if (system.value !== (asked.get('system') || '')) {
          // The rulebooks are not listed yet: search once they are.
          loadSystems().then(() => { system.value = asked.get('system') || ''; search(false); });
          return;
        }
        if (searched === searchKey() && hits.children.length) {
          if (hits.hidden) status.textContent = lastStatus;
          hits.hidden = false;
          home.hidden = true;
        } else search(false);
        return;
      }
      hits.replaceChildren();
      hits.hidden = false;
      searched = null;
      home.hidden = false;
      status.textContent = '';
    },
  };
}
