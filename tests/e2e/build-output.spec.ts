import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO_API_KEY } from '../reference-service/server';
import { INSTALL_PERMISSIONS } from '../support/manifest-permissions';
import { chromeBuildDir } from './support/paths';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

const manifest = JSON.parse(readFileSync(path.join(chromeBuildDir, 'manifest.json'), 'utf8'));
const scripts = filesUnder(chromeBuildDir).filter((file) => file.endsWith('.js'));

test('the manifest asks for no broad host access, no content scripts and no external messaging', () => {
  const text = JSON.stringify(manifest);
  expect(text).not.toContain('<all_urls>');
  expect(manifest.host_permissions).toEqual(['http://127.0.0.1/*', 'http://localhost/*', 'http://[::1]/*']);
  expect(manifest.content_scripts).toBeUndefined();
  expect(manifest.externally_connectable).toBeUndefined();
  expect(manifest.permissions).toEqual([...INSTALL_PERMISSIONS, 'sidePanel']);
});

test('only the background bundle references the API key’s storage', () => {
  const keyStorage = 'serviceApiKey';
  const background = scripts.filter((file) => path.basename(file) === 'background.js');
  expect(background).toHaveLength(1);
  expect(readFileSync(background[0] ?? '', 'utf8')).toContain(keyStorage);
  const pageScripts = scripts.filter((file) => path.basename(file) !== 'background.js');
  expect(pageScripts.length).toBeGreaterThan(2);
  for (const file of pageScripts) {
    expect(readFileSync(file, 'utf8'), path.relative(chromeBuildDir, file)).not.toContain(keyStorage);
  }
});

test('the production build carries no key and no default service URL', () => {
  for (const file of filesUnder(chromeBuildDir)) {
    const text = readFileSync(file).toString('latin1');
    expect(text, file).not.toContain(DEMO_API_KEY);
    expect(text, file).not.toMatch(/http:\/\/127\.0\.0\.1:\d+/);
  }
});

test('the worker carries no webextension-polyfill: a Chromium before 144 loads it from its own file', () => {
  // A string of the polyfill's own, which no minifier renames.
  const polyfillText = 'api-metadata.json has not been included in browser-polyfill';
  expect(readFileSync(path.join(chromeBuildDir, 'background.js'), 'utf8')).not.toContain(polyfillText);
  expect(readFileSync(path.join(chromeBuildDir, 'browser-polyfill.js'), 'utf8')).toContain(polyfillText);
});
