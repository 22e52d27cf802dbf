// The rules view: search-as-you-type with suggestions, full search on
// Enter, and a rule's text with a permalink (/r/{id}).

import { get } from './api.js';
import { language, t } from './i18n.js';

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

export function rulesView() {
  const form = document.getElementById('rules-form');
  const q = document.getElementById('rules-q');
  const system = document.getElementById('rules-system');
  const list = document.getElementById('rules-suggest');
  const status = document.getElementById('rules-status');
  const hits = document.getElementById('rules-hits');
  const rule = document.getElementById('rule');
  let systemsLoaded = false, timer = 0, seq = 0, active = -1;

  async function loadSystems() {
    if (systemsLoaded) return;
    try {
      const res = await get('/v1/systems');
      for (const s of res.systems) {
        const o = document.createElement('option');
        o.value = s.id;
        o.textContent = s.name[language()] || s.name.en;
        system.append(o);
      }
      systemsLoaded = true;
    } catch { /* the filter stays at "all" */ }
  }

  function closeSuggest() { list.hidden = true; list.replaceChildren(); active = -1; q.removeAttribute('aria-activedescendant'); }

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
      sys.textContent = s.system;
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

  async function search() {
    closeSuggest();
    const text = q.value.trim();
    if (!text) return;
    rule.hidden = true;
    try {
      const res = await get('/v1/search', { q: text, system: system.value, limit: 20 });
      hits.replaceChildren();
      status.textContent = res.hits.length ? t('rules.count', { n: res.total }) : t('rules.none');
      for (const h of res.hits) {
        const li = document.createElement('li');
        const a = document.createElement('a');
        a.href = `/r/${encodeURIComponent(h.id)}`;
        const title = document.createElement('strong');
        title.textContent = h.title;
        const meta = document.createElement('small');
        meta.textContent = h.system;
        const snip = document.createElement('span');
        snip.append(...highlighted(h.snippet || ''));
        a.append(title, meta, snip);
        li.append(a);
        hits.append(li);
      }
    } catch (e) {
      status.textContent = e.message;
    }
  }

  async function openRule(id) {
    closeSuggest();
    const path = `/r/${encodeURIComponent(id)}`;
    if (location.pathname !== path) history.pushState(null, '', path);
    await showRule(id);
  }

  async function showRule(id) {
    try {
      const r = await get(`/v1/rules/${encodeURIComponent(id)}`);
      document.getElementById('rule-title').textContent = r.title;
      document.getElementById('rule-system').textContent = r.system;
      const link = document.getElementById('rule-link');
      link.href = `/r/${encodeURIComponent(r.id)}`;
      document.getElementById('rule-aliases').textContent =
        r.aliases && r.aliases.length ? t('rules.aliases', { list: r.aliases.join(', ') }) : '';
      const text = document.getElementById('rule-text');
      text.replaceChildren(...r.text.split(/\n{2,}/).map((para) => {
        const p = document.createElement('p');
        p.textContent = para;
        return p;
      }));
      rule.hidden = false;
      status.textContent = '';
      hits.replaceChildren();
      document.title = `${r.title} · Kostka`;
    } catch (e) {
      rule.hidden = true;
      status.textContent = e.message;
    }
  }

  q.addEventListener('input', () => { clearTimeout(timer); timer = setTimeout(suggest, 120); });
  q.addEventListener('keydown', (e) => {
    if (e.key === 'ArrowDown') { e.preventDefault(); move(1); }
    else if (e.key === 'ArrowUp') { e.preventDefault(); move(-1); }
    else if (e.key === 'Escape') closeSuggest();
    else if (e.key === 'Enter' && active >= 0) { e.preventDefault(); openRule(list.children[active].dataset.id); }
  });
  q.addEventListener('blur', () => setTimeout(closeSuggest, 100));
  form.addEventListener('submit', (e) => { e.preventDefault(); search(); });
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
      if (m) showRule(decodeURIComponent(m[1]));
      else rule.hidden = true;
    },
  };
}
