import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkBoundaries } from '../../tools/boundaries';

const fixture = path.resolve(import.meta.dirname, '../fixtures/boundaries');
const project = path.resolve(import.meta.dirname, '../../..');

describe('the boundary rules (.dependency-cruiser.cjs)', () => {
  it('report a cycle, zod or worker code in a page, and a reach into a worker part past its public files', async () => {
    const found = (await checkBoundaries(fixture, ['entrypoints', 'components', 'utils'])).map(
      (violation) => `${violation.rule.name}: ${violation.from} -> ${violation.to}`,
    );
    expect(found).toHaveLength(4);
    expect(found).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^no-cycle: utils\/history\/(order|page\/list)\.ts -> /),
        expect.stringMatching(/^page-imports-zod: entrypoints\/popup\/main\.ts -> .*node_modules\/zod\//),
        'page-imports-background: components/Status.tsx -> utils/background/worker.ts',
        'cross-feature-worker-part: utils/library/background/pins.ts -> utils/history/background/rows.ts',
      ]),
    );
  });

  it('find nothing in the product', async () => {
    expect(await checkBoundaries(project)).toEqual([]);
  }, 60_000);
});
