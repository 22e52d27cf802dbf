// Odds as a bar chart drawn as SVG, with everything needed to read it
// without a mouse or without sight: P(= n), P(≥ n) and P(≤ n) views, the
// value of a bar on tap, a text description and a table of the exact
// percentages that can be copied.

import { num, percent, t } from './i18n.js';

export { percent };

const NS = 'http://www.w3.org/2000/svg';

export function el(name, attrs = {}, text) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text != null) e.textContent = text;
  return e;
}

export function html(tag, attrs = {}, text) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text != null) e.textContent = text;
  return e;
}

// The three views of a distribution: the chance of exactly n, of at least
// n and of at most n. The reader's choice holds for every chart.
const modes = ['eq', 'ge', 'le'];
const symbol = { eq: '=', ge: '≥', le: '≤' };
let chosen = 'eq';

// withAtMost adds p_at_most to each entry ([{value, p, p_at_least}]).
const withAtMost = (dist) => dist.map((d) => ({ ...d, p_at_most: Math.min(1, Math.max(0, 1 - d.p_at_least + d.p)) }));
const keyOf = (mode) => ({ eq: 'p', ge: 'p_at_least', le: 'p_at_most' })[mode];

// exact formats a probability as a percentage with four decimals (the
// table's "exact" figures; the API gives 15 significant digits).
export const exact = (p) => new Intl.NumberFormat(document.documentElement.lang || 'en', {
  style: 'percent', minimumFractionDigits: 4, maximumFractionDigits: 4,
}).format(p);

// trimTails leaves out, from a long distribution (exploding dice), the
// totals in each tail that together have less than 0.01%, keeping the
// highlighted value.
function trimTails(dist, highlight) {
  if (dist.length <= 60) return dist;
  const cut = 1e-4;
  let first = 0, last = dist.length - 1;
  while (first < last && 1 - dist[first + 1].p_at_least < cut && dist[first].value !== highlight) first++;
  while (last > first && dist[last].p_at_least < cut && dist[last].value !== highlight) last--;
  return dist.slice(first, last + 1);
}

// describe is the chart in words, for a screen reader.
function describe(dist, mean, label) {
  const top = dist.reduce((a, b) => (b.p > a.p ? b : a));
  return t('chart.describe', {
    what: label, min: dist[0].value, max: dist[dist.length - 1].value, top: top.value, p: percent(top.p),
    mean: mean != null ? num(mean) : '–',
  });
}

// barChart draws dist into container: mode is 'eq', 'ge' or 'le';
// highlight, if given, is a value to mark (a roll's total); readout, if
// given, is where a tapped bar's value is written.
export function barChart(container, all, { mode = chosen, mean, highlight, label = '', readout } = {}) {
  container.replaceChildren();
  if (!all.length) return;
  const dist = withAtMost(trimTails(all, highlight));
  // The drawing is as wide as its box, so that text keeps its size (11 px
  // and more) on a phone instead of shrinking with the picture.
  const W = Math.round(container.getBoundingClientRect().width) || 640;
  const H = W < 480 ? 180 : 220, padL = 8, padR = 8, padT = 20, padB = 28;
  const key = keyOf(mode);
  const max = Math.max(...dist.map((d) => d[key])) || 1;
  const n = dist.length, slot = (W - padL - padR) / n, gap = Math.min(2, slot * 0.2);
  const svg = el('svg', { viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': describe(dist, mean, label) });
  const x = (i) => padL + i * slot;
  const labelEvery = Math.ceil(n / Math.max(4, Math.floor(W / 36)));
  const say = (d) => `P(${symbol[mode]} ${d.value}) = ${percent(d[key])}`;
  dist.forEach((d, i) => {
    const h = ((H - padT - padB) * d[key]) / max;
    // The whole column answers a tap, however short its bar.
    svg.append(el('rect', { class: 'hit', x: x(i), y: 0, width: slot, height: H, 'data-value': d.value, fill: 'transparent' }));
    const bar = el('rect', {
      class: 'bar' + (highlight != null && d.value !== highlight ? ' dim' : ''),
      x: x(i) + gap / 2, y: H - padB - h, width: Math.max(slot - gap, 1), height: h,
      'data-value': d.value,
    });
    bar.append(el('title', {}, say(d)));
    svg.append(bar);
    if (i % labelEvery === 0 || i === n - 1) {
      svg.append(el('text', { x: x(i) + slot / 2, y: H - 8, 'text-anchor': 'middle' }, d.value));
    }
  });
  const top = dist.reduce((a, b) => (b[key] > a[key] ? b : a));
  const ti = dist.indexOf(top);
  svg.append(el('text', { x: x(ti) + slot / 2, y: padT - 5, 'text-anchor': 'middle' }, percent(top[key])));
  if (mean != null && n > 1) {
    const first = dist[0].value, last = dist[n - 1].value;
    const mx = padL + slot / 2 + ((mean - first) / (last - first || 1)) * (slot * (n - 1));
    svg.append(el('line', { class: 'mean', x1: mx, x2: mx, y1: padT, y2: H - padB }));
  }
  svg.addEventListener('click', (e) => {
    const target = e.target.closest('[data-value]');
    if (!target || !readout) return;
    const d = dist.find((v) => String(v.value) === target.dataset.value);
    for (const b of svg.querySelectorAll('rect.bar.picked')) b.classList.remove('picked');
    svg.querySelector(`rect.bar[data-value="${d.value}"]`).classList.add('picked');
    readout.textContent = say(d);
  });
  container.append(svg);
  // Redraw when the box changes width (a phone turned, a window resized).
  if (!container.dataset.watched && window.ResizeObserver) {
    container.dataset.watched = '1';
    let last = W;
    new ResizeObserver(() => {
      const w = Math.round(container.getBoundingClientRect().width);
      if (w && Math.abs(w - last) > 8 && container.redraw) { last = w; container.redraw(); }
    }).observe(container);
  }
  container.redraw = () => barChart(container, all, { mode, mean, highlight, label, readout });
}

// oddsChart fills figure (a <figure> with a .chart inside) with the chart
// of dist and its readers' tools: the three views, the tapped value, and
// the table of exact percentages with a button that copies it.
export function oddsChart(figure, all, { mean, highlight, label = '' } = {}) {
  const chart = figure.querySelector('.chart');
  for (const old of figure.querySelectorAll('.odds-tools')) old.remove();
  const tools = html('div', { class: 'odds-tools' });
  const toggle = html('div', { class: 'toggle', role: 'group', 'aria-label': t('dice.mode') });
  const readout = html('p', { class: 'readout', 'aria-live': 'polite' }, t('chart.tap'));
  const draw = () => barChart(chart, all, { mode: chosen, mean, highlight, label, readout });
  for (const m of modes) {
    const b = html('button', { type: 'button', 'aria-pressed': String(m === chosen), 'data-mode': m }, `P(${symbol[m]} n)`);
    b.addEventListener('click', () => {
      chosen = m;
      for (const other of toggle.children) other.setAttribute('aria-pressed', String(other === b));
      readout.textContent = t('chart.tap');
      draw();
    });
    toggle.append(b);
  }
  // The table lists every value the API gave, tails included.
  const dist = withAtMost(all);
  const details = html('details', { class: 'odds-table' });
  const summary = html('summary', {}, t('chart.table'));
  const table = html('table');
  const head = html('tr');
  for (const h of ['n', 'P(= n)', 'P(≥ n)', 'P(≤ n)']) head.append(html('th', { scope: 'col' }, h));
  const thead = html('thead');
  thead.append(head);
  const body = html('tbody');
  for (const d of dist) {
    const tr = html('tr');
    tr.append(html('th', { scope: 'row' }, String(d.value)), html('td', {}, exact(d.p)), html('td', {}, exact(d.p_at_least)), html('td', {}, exact(d.p_at_most)));
    body.append(tr);
  }
  table.append(html('caption', { class: 'sr-only' }, label), thead, body);
  const wrap = html('div', { class: 'table', tabindex: '0', role: 'region', 'aria-label': t('chart.table') });
  wrap.append(table);
  const copy = html('button', { type: 'button', class: 'copy' }, t('chart.copy'));
  const copied = html('span', { class: 'status', role: 'status' });
  copy.addEventListener('click', async () => {
    const text = [['n', 'P(=n)', 'P(>=n)', 'P(<=n)'], ...dist.map((d) => [d.value, exact(d.p), exact(d.p_at_least), exact(d.p_at_most)])]
      .map((r) => r.join('\t')).join('\n');
    try {
      await navigator.clipboard.writeText(text);
      copied.textContent = t('chart.copied');
    } catch {
      // The clipboard refused: select the table to copy by hand.
      getSelection().selectAllChildren(table);
      copied.textContent = t('chart.select');
    }
  });
  details.append(summary, copy, copied, wrap);
  tools.append(toggle, readout);
  chart.before(tools);
  chart.after(details);
  draw();
}
