/**
 * Promptcast's boundaries, checked by `npm run lint:deps` (tests/tools/boundaries.ts) in `npm test`.
 *
 * The graph is read through Babel's TypeScript preset, which drops `import type` and imports used only as
 * types, as the build does: every rule below is about what runs. A type-only import between two files is
 * no cycle at run time and ships no code, so it is allowed (a page may name a zod-inferred type).
 */

/**
 * A feature folder: its model at the top, `background/` for the worker, `page/` for pages. Its model and page
 * files are public one by one (a barrel would pull every module it names into a page's first chunk, lazy
 * parts included, since Rollup places modules by the static graph); its worker part only through
 * `background.ts` and `commands.ts`.
 */
const FEATURES =
  'backup|balance|batch|compare|context-menu|copies|doctor|downloads|history|keys|library|notifications|profiles|prompts|settings|side-panel|spend|sync';

/** What runs in a page: every entrypoint but the worker's, every component, and page-side helpers. */
const PAGE = [
  '^entrypoints/(?!background\\.ts$)',
  '^components/',
  '^utils/ui/',
  `^utils/(${FEATURES})/page/`,
];
const BACKGROUND = [
  '^entrypoints/background\\.ts$',
  '^utils/background/',
  `^utils/(${FEATURES})/(background/|(background|commands)\\.ts$)`,
];
const ZOD = '(^|/)node_modules/zod/|^zod(/|$)';

module.exports = {
  forbidden: [
    {
      name: 'not-resolvable',
      comment:
        "A project import the check cannot follow (a relative path, or the '@/' alias) would let every other rule pass unseen.",
      severity: 'error',
      from: {},
      to: { couldNotResolve: true, path: '^(\\.|@/)' },
    },
    {
      name: 'no-cycle',
      comment: 'Files that import each other at run time: each depends on the other being evaluated first.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'page-imports-zod',
      comment: 'Pages ship without zod: only the background validates, pages take what the background wrote.',
      severity: 'error',
      from: { path: PAGE },
      to: { path: ZOD },
    },
    {
      name: 'page-imports-background',
      comment: 'Pages ship without background code: they send commands and read storage items.',
      severity: 'error',
      from: { path: PAGE },
      to: { path: BACKGROUND },
    },
    {
      name: 'feature-worker-part',
      comment:
        "Outside a feature, its worker part (background/) is reached through its public files only: background.ts (services other features use) or commands.ts (what the worker's composition root wires).",
      severity: 'error',
      from: { path: '^(utils|components|entrypoints|build)/', pathNot: `^utils/(${FEATURES})/` },
      to: { path: `^utils/(${FEATURES})/background/`, dependencyTypesNot: ['dynamic-import'] },
    },
    {
      name: 'cross-feature-worker-part',
      comment: "A feature reaches another one's worker part through its public files only.",
      severity: 'error',
      from: { path: `^utils/(${FEATURES})/` },
      to: {
        path: `^utils/(${FEATURES})/background/`,
        pathNot: '^utils/$1/',
        dependencyTypesNot: ['dynamic-import'],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(\\.wxt|\\.output)/' },
    combinedDependencies: false,
  },
};
