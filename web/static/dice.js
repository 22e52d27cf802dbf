// The dice view: roll an expression, see every die, how the expression was
// read, the history and the exact odds as a chart.

import { get, post } from './api.js';
import { oddsChart, percent } from './chart.js';
import { language, num, plural, problemText, t } from './i18n.js';
import { markStale, query, reveal, setQuery } from './state.js';

// A comparison as the reader says it: ">=8" is "8+", "=1" is "1".
const point = (op, n) => ({ '>=': `${n}+`, '>': `${Number(n) + 1}+`, '<=': `≤${n}`, '<': `≤${Number(n) - 1}`, '=': `${n}` })[op || '='];

// readTerm says in words how a dice term (such as 10d10!>=8 or 4d6kh3) is
// read, following the notation of package dice: reroll, explode, keep or
// drop, count successes and failures, in any order.
export function readTerm(term) {
  const m = term.trim().match(/^(\d*)\s*[dk](\d+|%|F)(.*)$/i);
  if (!m) return '';
  const n = m[1] === '' ? 1 : Number(m[1]);
  const sides = m[2] === '%' ? '%' : m[2].toUpperCase() === 'F' ? 'F' : m[2];
  const high = sides === '%' ? 100 : sides === 'F' ? 1 : Number(sides);
  const parts = [plural('read.dice', n, { n, die: `${language() === 'en' ? 'd' : 'k'}${sides}` })];
  let rest = m[3], counted = false;
  const cond = () => {
    const c = rest.match(/^(>=|<=|>|<|=)?(\d+)/);
    if (!c) return null;
    rest = rest.slice(c[0].length);
    return point(c[1], c[2]);
  };
  for (let guard = 0; rest && guard < 8; guard++) {
    let mm;
    if ((mm = rest.match(/^r(o?)/))) {
      rest = rest.slice(mm[0].length);
      parts.push(t(mm[1] ? 'read.rerollonce' : 'read.reroll', { on: cond() || '1' }));
    } else if ((mm = rest.match(/^!(!|p)?/))) {
      rest = rest.slice(mm[0].length);
      const kind = mm[1] === '!' ? 'read.compound' : mm[1] === 'p' ? 'read.penetrate' : 'read.explode';
      parts.push(t(kind, { on: cond() || String(high) }));
    } else if ((mm = rest.match(/^([kd])([hl]?)(\d+)/))) {
      rest = rest.slice(mm[0].length);
      const which = mm[2] || (mm[1] === 'k' ? 'h' : 'l');
      parts.push(t(`read.${mm[1] === 'k' ? 'keep' : 'drop'}.${which}`, { n: mm[3] }));
    } else if (/^(>=|<=|>|<|=)/.test(rest)) {
      parts.push(t('read.count', { on: cond() }));
      counted = true;
    } else if ((mm = rest.match(/^f/))) {
      rest = rest.slice(1);
      parts.push(t('read.failures', { on: cond() }));
    } else break;
  }
  if (!counted) parts.push(t('read.summed'));
  return parts.join(', ');
}

// reading says how the whole roll was read: the answer's own reading when
// the API gives one, else each dice term of its tree in words.
function reading(res) {
  const own = res.reading;
  if (typeof own === 'string' && own) return own;
  if (own && typeof own.text === 'string') return own.text;
  const terms = [];
  const walk = (node) => {
    if (!node) return;
    if (node.kind === 'dice' && node.expr) terms.push(readTerm(node.expr));
    walk(node.left); walk(node.right); walk(node.operand);
  };
  const first = (res.results && res.results[0]) || res;
  walk(first.tree);
  const text = terms.filter(Boolean).join('; ');
  if (!text) return '';
  return res.results ? t('read.repeated', { n: res.results.length, what: text }) : text;
}

export function diceView() {
  const form = document.getElementById('dice-form');
  const input = document.getElementById('dice-expr');
  const error = document.getElementById('dice-error');
  const result = document.getElementById('dice-result');
  const history = document.getElementById('dice-history');
  const read = document.getElementById('dice-reading');
  const figure = document.getElementById('dice-odds');
  const chart = document.getElementById('dice-chart');
  const refused = document.getElementById('dice-refused');
  const stats = document.getElementById('dice-stats');
  let odds = null, lastTotal = null, shownRoll = null, shownFor = null, oddsFor = null, oddsRefusal = '';

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

  // renderOdds draws the odds, or in their place the reason the server
  // gave for not computing them (1000d1000).
  function renderOdds() {
    figure.hidden = !odds && !oddsRefusal;
    refused.hidden = !oddsRefusal;
    refused.textContent = oddsRefusal;
    if (!odds) { chart.replaceChildren(); for (const e of figure.querySelectorAll('.odds-tools, .odds-table')) e.remove(); stats.textContent = ''; return; }
    oddsChart(figure, odds.distribution, { mean: odds.mean, highlight: lastTotal, label: t('dice.odds') });
    const at = odds.distribution.find((d) => d.value === lastTotal);
    stats.textContent = t('dice.mean', {
      mean: num(odds.mean), sd: num(odds.stddev), min: num(odds.min), max: num(odds.max),
    }) + (at ? ` · P(≥${lastTotal}) = ${percent(at.p_at_least)}` : '');
  }

  // showRoll draws a roll's answer (fresh, or kept in the history entry).
  function showRoll(res, expr) {
    shownRoll = res;
    shownFor = expr;
    const results = res.results || [res];
    result.replaceChildren();
    markStale(result, false);
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
    const said = reading(res);
    read.textContent = said ? t('read.as', { what: said }) : '';
    read.hidden = !said;
    lastTotal = results.length === 1 ? results[0].total : null;
  }

  // clearRoll empties the result (a refused expression).
  function clearRoll() {
    shownRoll = null;
    shownFor = null;
    result.replaceChildren();
    markStale(result, false);
    read.hidden = true;
    lastTotal = null;
  }

  // roll rolls expr; push makes the roll a new history entry (a press of
  // Roll), else it takes the current one (a shared link opened).
  async function roll(expr, push) {
    showError('');
    let res;
    try {
      res = await post(`/v1/roll?lang=${language()}`, { expr }); // errors come in the page's language
    } catch (e) {
      // The error replaces the previous roll and its chart.
      showError(problemText(e));
      clearRoll();
      odds = null;
      oddsRefusal = '';
      oddsFor = null;
      renderOdds();
      setQuery({ expr }, { push, data: null });
      reveal(error);
      return;
    }
    showRoll(res, expr);
    setQuery({ expr }, { push, data: { roll: res, expr } });
    const item = document.createElement('li');
    item.textContent = `${res.expr} → ${(res.results || [res]).map((r) => r.total).join(', ')}`;
    history.prepend(item);
    while (history.children.length > 8) history.lastChild.remove();
    await loadOdds(expr);
    reveal(result);
  }

  async function loadOdds(expr) {
    const key = `${language()} ${expr}`;
    if (oddsFor === key && (odds || oddsRefusal)) { renderOdds(); return; }
    try {
      odds = await get('/v1/odds', { expr, lang: language() });
      oddsRefusal = '';
    } catch (e) {
      odds = null;
      // The server's reason (too many dice to compute exactly) stands in
      // for the chart; a network failure leaves the chart out.
      oddsRefusal = e.problem && e.problem.status ? problemText(e) : '';
    }
    oddsFor = key;
    renderOdds();
  }

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (input.value.trim()) roll(input.value.trim(), true);
  });
  // Typing keeps the expression in the address and marks the roll shown
  // as one of another expression.
  input.addEventListener('input', () => {
    setQuery({ expr: input.value.trim() });
    markStale(result, !!shownRoll && shownFor !== input.value.trim(), t('result.stale'));
  });
  return {
    show() {
      const asked = query().get('expr');
      const kept = window.history.state && window.history.state.roll;
      if (asked != null) input.value = asked;
      showError('');
      if (kept) {
        // Back, Forward, a reload or a change of language: show the roll
        // of that moment, never roll again.
        const expr = window.history.state.expr || kept.expr;
        showRoll(kept, expr);
        markStale(result, expr !== input.value.trim(), t('result.stale'));
        loadOdds(expr);
      } else if (asked && shownRoll && shownFor === asked) {
        // Back to the view by its link: the roll on the screen stays.
        setQuery({ expr: asked }, { data: { roll: shownRoll, expr: asked } });
        showRoll(shownRoll, asked);
        loadOdds(asked);
      } else if (asked && !window.history.state) {
        roll(asked, false);
      } else {
        loadOdds(input.value.trim());
      }
    },
  };
}
