// The API page: every route of the OpenAPI document (GET /openapi.json),
// read at run time, with its parameters and an example to run here.

import { apiTexts } from './apitext.js';
import { language, problemText, t } from './i18n.js';

// summary and paramText are the document's English texts, in the page's
// language where apitext.js translates them.
const texts = () => apiTexts[language()] || { ops: {}, params: {} };
const summary = (op) => (op.summary && texts().ops[op.operationId]) || op.summary;
const paramText = (op, p) => (p.description && (texts().params[`${op.operationId}.${p.name}`] || texts().params[p.name])) || p.description || '';

// resolve follows a local "$ref" ("#/components/…") to what it names.
function resolve(doc, node) {
  let n = node;
  for (let i = 0; n && n.$ref && i < 10; i++) {
    n = n.$ref.replace(/^#\//, '').split('/').reduce((o, k) => (o ? o[k] : undefined), doc);
  }
  return n || {};
}

// fallback values for parameters the document gives no example for.
const fallback = { expr: '2d6+1', id: 'quality-d6', action: 'attack', system: 'quality-d6', lang: 'pl', limit: 3 };

function exampleOf(doc, p) {
  const s = resolve(doc, p.schema);
  const examples = p.examples && Object.values(p.examples)[0];
  for (const v of [p.example, examples && examples.value, s.example, (s.examples || [])[0], s.default, (s.enum || [])[0]]) {
    if (v != null) return v;
  }
  return fallback[p.name];
}

// bodyExample is a request body to send: the document's example, else one
// built from the schema's properties' examples and defaults.
function bodyExample(doc, op) {
  const content = op.requestBody && op.requestBody.content && op.requestBody.content['application/json'];
  if (!content) return undefined;
  if (content.example != null) return content.example;
  if (content.examples) return Object.values(content.examples)[0].value;
  const s = resolve(doc, content.schema);
  if (s.example != null) return s.example;
  if ((s.examples || [])[0] != null) return s.examples[0];
  const out = {};
  for (const [name, prop] of Object.entries(s.properties || {})) {
    const r = resolve(doc, prop);
    const v = r.example ?? (r.examples || [])[0] ?? r.default ?? fallback[name];
    if (v != null) out[name] = v;
  }
  return out;
}

const make = (tag, cls, text) => {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text != null) e.textContent = text;
  return e;
};

// withCode fills e with text whose `quoted` parts (header names, ids) are
// code, as the API's identifiers are everywhere else on the page.
const withCode = (e, text) => {
  text.split('`').forEach((part, i) => { if (part) e.append(i % 2 ? make('code', '', part) : part); });
  return e;
};

function route(doc, path, method, op, common) {
  const box = make('article', 'route');
  const h = make('h2', 'endpoint');
  h.append(make('span', 'method', method.toUpperCase()), ' ', make('code', '', path));
  box.append(h);
  if (op.summary) box.append(make('p', 'status', summary(op)));
  const params = [...(common || []), ...(op.parameters || [])].map((p) => resolve(doc, p)).filter((p) => p.in !== 'header');
  const values = {};
  if (params.length) {
    box.append(make('h3', '', t('api.params')));
    const dl = make('dl', 'params');
    for (const p of params) {
      const dt = make('dt');
      dt.append(make('code', '', p.name), ` (${t(`api.in.${p.in}`)}${p.required ? ', ' + t('api.required') : ''})`);
      dl.append(dt, withCode(make('dd'), paramText(op, p)));
      values[p.name] = exampleOf(doc, p);
    }
    box.append(dl);
  }
  // The live example: the path with its parameters filled in.
  let url = path.replace(/\{(\w+)(\.\.\.)?\}/g, (_, n) => encodeURIComponent(values[n] ?? fallback[n] ?? ''));
  const query = new URLSearchParams();
  for (const p of params) if (p.in === 'query' && values[p.name] != null) query.set(p.name, values[p.name]);
  if (query.size) url += `?${query}`;
  const body = method === 'post' ? bodyExample(doc, op) : undefined;
  const ex = make('pre', 'example');
  ex.tabIndex = 0; // it scrolls sideways, by keyboard too
  ex.append(make('code', '', `${method.toUpperCase()} ${url}` + (body !== undefined ? `\n${JSON.stringify(body, null, 2)}` : '')));
  box.append(ex);
  if ((method === 'get' || body !== undefined) && !path.startsWith('/discord')) {
    const run = make('button', '', t('api.try'));
    run.type = 'button';
    const out = make('pre', 'answer');
    out.hidden = true;
    out.setAttribute('aria-live', 'polite');
    out.tabIndex = 0;
    run.addEventListener('click', async () => {
      try {
        const res = await fetch(url, body !== undefined
          ? { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) } : {});
        const type = res.headers.get('Content-Type') || '';
        const text = await res.text();
        out.textContent = `${res.status}\n` + (type.includes('json') ? JSON.stringify(JSON.parse(text), null, 2) : text.slice(0, 400));
      } catch (e) {
        out.textContent = problemText(e);
      }
      out.hidden = false;
    });
    box.append(run, out);
  }
  return box;
}

export function apiView() {
  const list = document.getElementById('api-routes');
  const error = document.getElementById('api-error');
  let doc = null, shown = '';
  return {
    async show() {
      if (shown === language()) return;
      try {
        if (!doc) doc = await (await fetch('/openapi.json')).json();
        const out = [];
        for (const [path, item] of Object.entries(doc.paths || {}).sort(([a], [b]) => a.localeCompare(b))) {
          for (const method of ['get', 'post', 'put', 'delete']) {
            if (item[method]) out.push(route(doc, path, method, item[method], item.parameters));
          }
        }
        list.replaceChildren(...out);
        shown = language();
        error.hidden = true;
      } catch {
        error.textContent = t('error.network');
        error.hidden = false;
      }
    },
  };
}
