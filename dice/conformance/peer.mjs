// Prints, for each expression on standard input, the peer's min, max and
// mean as JSON lines; with ROLLS=N also the peer's time per roll of each
// expression given in SPEED (comma-separated), rolled N times.
import { createInterface } from 'node:readline';
import { DiceRoll } from '@dice-roller/rpg-dice-roller';

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  const expr = line.trim();
  if (!expr || expr.startsWith('#')) continue;
  const r = new DiceRoll(expr);
  console.log(JSON.stringify({ expr, min: r.minTotal, max: r.maxTotal, mean: r.averageTotal }));
}
const rolls = Number(process.env.ROLLS || 0);
for (const expr of (process.env.SPEED || '').split(',').filter(Boolean)) {
  const start = process.hrtime.bigint();
  let sum = 0;
  for (let i = 0; i < rolls; i++) sum += new DiceRoll(expr).total;
  const ns = Number(process.hrtime.bigint() - start) / rolls;
  console.log(JSON.stringify({ speed: expr, ns_per_roll: ns, rolls, sum }));
}
