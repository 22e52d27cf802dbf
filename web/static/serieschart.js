// Several distributions on one chart (the compare view's attackers): a line
// per series, told apart by colour and by its dash and marker shape as
// well, with a legend, a text description and each point's value on tap.
// It draws with the odds chart's helpers (chart.js); loaded on demand with
// the compare view.

import { el, html } from './chart.js';
import { percent } from './i18n.js';

const symbol = { eq: '=', ge: '≥' };
// The second cue of each series, after its colour: its dash and marker.
const dashes = ['', '7 4', '2 3', '9 3 2 3'];
const markers = ['circle', 'square', 'triangle', 'diamond'];

// marker draws series i's marker centred on (x, y).
function marker(i, x, y, attrs = {}) {
  const r = 4.5;
  const shape = markers[i % markers.length];
  if (shape === 'circle') return el('circle', { cx: x, cy: y, r, ...attrs });
  if (shape === 'square') return el('rect', { x: x - r, y: y - r, width: 2 * r, height: 2 * r, ...attrs });
  const pts = shape === 'triangle' ? [[x, y - r - 1], [x + r + 1, y + r], [x - r - 1, y + r]] : [[x, y - r - 1], [x + r + 1, y], [x, y + r + 1], [x - r - 1, y]];
  return el('polygon', { points: pts.map((p) => p.join(',')).join(' '), ...attrs });
}

// swatch is a series' line and marker, as the legend shows it.
export function swatch(i) {
  const svg = el('svg', { viewBox: '0 0 36 14', width: 36, height: 14, 'aria-hidden': 'true', class: `swatch s${i}` });
  svg.append(el('line', { x1: 1, x2: 35, y1: 7, y2: 7, class: 'line', 'stroke-dasharray': dashes[i % dashes.length] }), marker(i, 18, 7, { class: 'mark' }));
  return svg;
}

// seriesChart draws series ([{name, values: [{value, p, p_at_least}]}])
// into container as P(= n) (mode 'eq') or P(≥ n) ('ge'); description is
// the chart in words; readout, if given, is where a tapped point's value
// is written.
export function seriesChart(container, series, { mode = 'ge', description = '', readout } = {}) {
  container.replaceChildren();
  const all = series.flatMap((s) => s.values);
  if (!all.length) return;
  const key = mode === 'eq' ? 'p' : 'p_at_least';
  const W = Math.round(container.getBoundingClientRect().width) || 640;
  const H = W < 480 ? 220 : 260, padL = 44, padR = 12, padT = 12, padB = 28;
  const first = Math.min(...all.map((d) => d.value)), last = Math.max(...all.map((d) => d.value));
  const top = mode === 'eq' ? Math.min(1, Math.ceil(Math.max(...all.map((d) => d.p)) * 10) / 10 || 1) : 1;
  const x = (v) => padL + ((v - first) / (last - first || 1)) * (W - padL - padR);
  const y = (p) => H - padB - (p / top) * (H - padT - padB);
  const svg = el('svg', { viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': description });
  for (const f of [0, 0.5, 1]) {
    svg.append(el('line', { class: 'grid', x1: padL, x2: W - padR, y1: y(top * f), y2: y(top * f) }));
    svg.append(el('text', { x: padL - 4, y: y(top * f) + 4, 'text-anchor': 'end' }, percent(top * f)));
  }
  const every = Math.ceil((last - first + 1) / Math.max(4, Math.floor(W / 40)));
  for (let v = first; v <= last; v++) {
    if ((v - first) % every === 0 || v === last) svg.append(el('text', { x: x(v), y: H - 8, 'text-anchor': 'middle' }, v));
  }
  const say = (s, d) => `${s.name}: P(${symbol[mode]} ${d.value}) = ${percent(d[key])}`;
  series.forEach((s, i) => {
    const g = el('g', { class: `series s${i}`, 'data-series': i });
    g.append(el('polyline', {
      class: 'line', fill: 'none', 'stroke-dasharray': dashes[i % dashes.length],
      points: s.values.map((d) => `${x(d.value)},${y(d[key])}`).join(' '),
    }));
    for (const d of s.values) {
      const m = marker(i, x(d.value), y(d[key]), { class: 'mark', 'data-value': d.value });
      m.append(el('title', {}, say(s, d)));
      g.append(m);
    }
    svg.append(g);
  });
  svg.addEventListener('click', (e) => {
    const m = e.target.closest('.mark');
    if (!m || !readout) return;
    const i = Number(m.parentNode.dataset.series);
    readout.textContent = say(series[i], series[i].values.find((d) => String(d.value) === m.dataset.value));
  });
  container.append(svg);
  if (!container.dataset.watched && window.ResizeObserver) {
    container.dataset.watched = '1';
    let width = W;
    new ResizeObserver(() => {
      const w = Math.round(container.getBoundingClientRect().width);
      if (w && Math.abs(w - width) > 8 && container.redraw) { width = w; container.redraw(); }
    }).observe(container);
  }
  container.redraw = () => seriesChart(container, series, { mode, description, readout });
}

// legend lists the series, each with its swatch.
export function legend(series, label) {
  const ul = html('ul', { class: 'legend', 'aria-label': label });
  series.forEach((s, i) => {
    const li = html('li');
    li.append(swatch(i), html('span', {}, s.name));
    ul.append(li);
  });
  return ul;
}
