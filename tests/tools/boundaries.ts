import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { cruise, type ICruiseResult, type IViolation } from 'dependency-cruiser';

const require = createRequire(import.meta.url);

/** The product's folders; tests, tools and configs may reach into anything. */
export const PRODUCT_ROOTS = ['entrypoints', 'components', 'utils', 'build'];

/**
 * Runs the project's rule set (`.dependency-cruiser.cjs`) over `roots` under `baseDir` and returns what
 * breaks it. Babel parses: TypeScript 7 has no compiler API for dependency-cruiser, and Babel's preset
 * drops type-only imports as the build does.
 */
export async function checkBoundaries(baseDir: string, roots = PRODUCT_ROOTS): Promise<IViolation[]> {
  const { forbidden, options } = require('../../.dependency-cruiser.cjs');
  // Named one by one: with no TypeScript compiler to hand, dependency-cruiser scans a folder for JavaScript
  // only, yet parses any file it is given through the Babel configuration below.
  const files = roots.flatMap((root) =>
    readdirSync(path.join(baseDir, root), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts'))
      .map((file) => path.posix.join(root, file.split(path.sep).join('/'))),
  );
  const result = await cruise(
    files,
    {
      ...options,
      baseDir,
      validate: true,
      ruleSet: { forbidden },
    },
    // `@/` is WXT's alias of the project root (its generated tsconfig names it relative to .wxt/)
    { extensions: ['.ts', '.tsx', '.js', '.mjs', '.css'], alias: { '@': baseDir } },
    {
      babelConfig: {
        presets: [[require.resolve('@babel/preset-typescript'), { onlyRemoveTypeImports: false }]],
        babelrc: false,
        configFile: false,
      },
    },
  );
  return (result.output as ICruiseResult).summary.violations;
}
