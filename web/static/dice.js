// The dice view: roll an expression, see every die, the history and the
// exact odds as a chart.

import { get, post } from './api.js';
import { barChart, percent } from './chart.js';
import { language, num, problemText, t } from './i18n.js';

export function diceView() {
  const form = document.getElementById('dice-form');
  const input = document.getElementById('dice-expr');
  const error = document.getElementById('dice-error');
  const result = document.getElementById('dice-result');
  const history = document.getElementById('dice-history');
  const chart = document.getElementById('dice-chart');
  const stats = document.getElementById('dice-stats');
  const eq = document.getElementById('dice-eq');
  const ge = document.getElementById('dice-ge');
  let odds = null, mode = 'eq', lastTotal = null;

  const showError = (msg) => { error.textContent = msg; error.hidden = !msg; };

  // renderNode draws a roll's tree (see RollNode in the OpenAPI document):
  // each dice term's dice in a box, with the numbers, operators and
  // parentheses between them.
  const symbols = { '+': '+', '-': '−', '*': '×', '/': '÷' };
  function renderNode(node) {
    const text = (s, cls) => {
      const span = document.createElement('span');
      span.className = cls;
      span.textContent = s;
      return span;
    };
    const frag = document.createDocumentFragment();
    switch (node.kind) {
      case 'dice': frag.append(renderDice(node.dice, node.expr)); break;
      case 'number': frag.append(text(node.value, 'num')); break;
      case 'neg': frag.append(text('−', 'op'), renderNode(node.operand)); break;
      case 'group': frag.append(text('(', 'op'), renderNode(node.operand), text(')', 'op')); break;
      case 'op': frag.append(renderNode(node.left), text(symbols[node.op] || node.op, 'op'), renderNode(node.right)); break;
      default: break;
    }
    return frag;
  }

  function renderDice(dice, expr) {
    const box = document.createElement('span');
    box.className = 'dice';
    box.title = expr;
    for (const d of dice || []) {
      const die = document.createElement('span');
      die.className = 'die';
      if ((d.fudge && d.value === 1) || (!d.fudge && d.sides > 1 && d.value === d.sides)) die.classList.add('max');
      if (d.dropped) die.classList.add('dropped');
      if (d.exploded) die.classList.add('exploded');
      if (d.success) die.classList.add('success');
      if (d.failure) die.classList.add('failure');
      die.textContent = d.fudge ? ({ '-1': '−', 0: '0', 1: '+' })[d.value] : d.value;
      die.title = [d.fudge ? 'dF' : `d${d.sides}`,
        ...(d.rerolled || []).map((f) => `↻ ${f}`),
        ...(d.rolls && d.rolls.length > 1 ? [d.rolls.join(' + ')] : [])].join(' · ');
      box.append(die);
    }
    return box;
  }

  function renderOdds() {
    chart.closest('figure').hidden = !odds;
    if (!odds) { chart.replaceChildren(); stats.textContent = ''; return; }
    barChart(chart, odds.distribution, { mode, mean: odds.mean, highlight: lastTotal, label: t('dice.odds') });
    const at = odds.distribution.find((d) => d.value === lastTotal);
    stats.textContent = t('dice.mean', {
      mean: num(odds.mean), sd: num(odds.stddev), min: num(odds.min), max: num(odds.max),
    }) + (at ? ` · P(≥${lastTotal}) = ${percent(at.p_at_least)}` : '');
  }

  async function roll(expr) {
    showError('');
    try {
      const res = await post(`/v1/roll?lang=${language()}`, { expr }); // errors come in the page's language
      const results = res.results || [res];
      result.replaceChildren();
      results.forEach((r, i) => {
        const line = document.createElement('div');
        line.className = 'roll';
        if (results.length > 1) {
          const n = document.createElement('span');
          n.className = 'nth';
          n.textContent = t('dice.roll.n', { n: i + 1 });
          line.append(n);
        }
        const total = document.createElement('span');
        total.className = 'total';
        total.textContent = r.total;
        const eq = document.createElement('span');
        eq.className = 'op';
        eq.textContent = '=';
        if (r.tree) line.append(renderNode(r.tree));
        line.append(eq, total);
        result.append(line);
      });
      lastTotal = results.length === 1 ? results[0].total : null;
      const item = document.createElement('li');
      item.textContent = `${res.expr} → ${results.map((r) => r.total).join(', ')}`;
      history.prepend(item);
      while (history.children.length > 8) history.lastChild.remove();
    } catch (e) {
      // The error replaces the previous roll and its chart.
      showError(problemText(e));
      result.replaceChildren();
      odds = null;
      lastTotal = null;
      renderOdds();
      return;
    }
    await loadOdds(expr);
  }

  async function loadOdds(expr) {
    try {
      odds = await get('/v1/odds', { expr, lang: language() });
    } catch {
      odds = null;
    }
    renderOdds();
  }

  form.addEventListener('submit', (e) => { e.preventDefault(); roll(input.value.trim()); });
  for (const [btn, m] of [[eq, 'eq'], [ge, 'ge']]) {
    btn.addEventListener('click', () => {
      mode = m;
      eq.setAttribute('aria-pressed', m === 'eq');
      ge.setAttribute('aria-pressed', m === 'ge');
      renderOdds();
    });
  }
  let shown = false;
  return {
    show() {
      const asked = new URLSearchParams(location.search).get('expr');
      if (asked) { input.value = asked; roll(asked); } else if (!shown) loadOdds(input.value.trim());
      shown = true;
      renderOdds();
    },
  };
}
