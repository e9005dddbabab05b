// `npm run lint:deps`: the product's import boundaries (.dependency-cruiser.cjs), each broken one on a line.
import { checkBoundaries } from './boundaries';

const violations = await checkBoundaries(process.cwd());
for (const { rule, from, to, cycle } of violations) {
  const via = cycle ? ` (cycle: ${cycle.map((step) => step.name).join(' > ')})` : '';
  console.error(`${rule.name}: ${from} -> ${to}${via}`);
}
if (violations.length) process.exit(1);
console.log('lint:deps: no import breaks a boundary');
