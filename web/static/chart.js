// A bar chart of a probability distribution, drawn as SVG: one bar per
// possible value, the mean marked, a few values labelled.

import { percent } from './i18n.js';

export { percent };

const NS = 'http://www.w3.org/2000/svg';

function el(name, attrs = {}, text) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text != null) e.textContent = text;
  return e;
}

// barChart draws dist ([{value, p, p_at_least}]) into container. mode is
// 'eq' for P(=v) or 'ge' for P(≥v); highlight, if given, is a value to mark.
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

export function barChart(container, all, { mode = 'eq', mean, highlight, label = '' } = {}) {
  container.replaceChildren();
  if (!all.length) return;
  const dist = trimTails(all, highlight);
  // The drawing is as wide as its box, so that text keeps its size (11 px
  // and more) on a phone instead of shrinking with the picture.
  const W = Math.round(container.getBoundingClientRect().width) || 640;
  const H = W < 480 ? 180 : 220, padL = 8, padR = 8, padT = 20, padB = 28;
  const key = mode === 'ge' ? 'p_at_least' : 'p';
  const max = Math.max(...dist.map((d) => d[key])) || 1;
  const n = dist.length, slot = (W - padL - padR) / n, gap = Math.min(2, slot * 0.2);
  const svg = el('svg', { viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': label });
  const x = (i) => padL + i * slot;
  const labelEvery = Math.ceil(n / Math.max(4, Math.floor(W / 36)));
  dist.forEach((d, i) => {
    const h = ((H - padT - padB) * d[key]) / max;
    const bar = el('rect', {
      class: 'bar' + (highlight != null && d.value !== highlight ? ' dim' : ''),
      x: x(i) + gap / 2, y: H - padB - h, width: Math.max(slot - gap, 1), height: h,
      'data-value': d.value,
    });
    bar.append(el('title', {}, `${d.value}: ${percent(d[key])}`));
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
  container.redraw = () => barChart(container, all, { mode, mean, highlight, label });
}
