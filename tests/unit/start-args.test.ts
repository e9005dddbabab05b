// @vitest-environment node
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, it } from 'vitest';
import { quietStartArgs } from '../e2e/support/start-args';

/** The features the installed Playwright disables by itself, read from its bundled source. */
function playwrightDisabledFeatures(): string[] {
  const root = path.dirname(createRequire(import.meta.url).resolve('playwright-core/package.json'));
  const source = readFileSync(path.join(root, 'lib/coreBundle.js'), 'utf8');
  const list = /\bdisabledFeatures = \[([\s\S]*?)\]/.exec(source)?.[1];
  if (list === undefined)
    throw new Error("Playwright's list of disabled features was not found: read it anew");
  return [...list.matchAll(/"([A-Za-z0-9]+)"/g)].map((match) => match[1] as string);
}

it("the tests' one --disable-features keeps every feature Playwright disables, which it replaces", () => {
  const ours = quietStartArgs.filter((arg) => arg.startsWith('--disable-features='));
  expect(ours).toHaveLength(1);
  const named = new Set(ours[0]?.slice('--disable-features='.length).split(','));
  const playwright = playwrightDisabledFeatures();
  expect(playwright.length).toBeGreaterThan(5);
  expect(playwright.filter((feature) => !named.has(feature))).toEqual([]);
});
