import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * ARCHITECTURE.md is the map a newcomer reads first: this keeps it true. Every command of the protocol is
 * in its command table and nothing else is; every path it names exists; every product file is in the
 * module table, in the row of its folder.
 */
const root = path.resolve(import.meta.dirname, '../..');
const doc = readFileSync(path.join(root, 'ARCHITECTURE.md'), 'utf8');
const section = (heading: string) => {
  const start = doc.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`ARCHITECTURE.md has no "## ${heading}" section`);
  const end = doc.indexOf('\n## ', start + 1);
  return doc.slice(start, end < 0 ? undefined : end);
};
const tableRows = (text: string) =>
  text
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => line.split('|').map((cell) => cell.trim()));
const ticked = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? '');

/** The `type` of each schema in the protocol's command union. */
function protocolCommands(): string[] {
  const source = readFileSync(path.join(root, 'utils/messaging/protocol.ts'), 'utf8');
  const start = source.indexOf('const requestSchemas = [');
  const union = source.slice(start, source.indexOf('\n];', start));
  return [...union.matchAll(/type: z\.literal\('(\w+)'\)/g)].map((match) => match[1] ?? '');
}

const PRODUCT = ['build', 'components', 'entrypoints', 'utils'];
const productFiles = PRODUCT.flatMap((folder) =>
  readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
    .map((file) => path.posix.join(folder, file.split(path.sep).join('/')))
    .filter((file) => /\.(tsx?|css)$/.test(file)),
);

describe('ARCHITECTURE.md', () => {
  it('lists every command of the protocol, and no other', () => {
    const listed = tableRows(section('Commands')).flatMap((row) => ticked(row[1] ?? ''));
    const commands = protocolCommands();
    expect(commands.length).toBeGreaterThan(30);
    expect(listed.filter((name) => !commands.includes(name))).toEqual([]);
    expect(commands.filter((name) => !listed.includes(name))).toEqual([]);
  });

  it('names only paths that exist', () => {
    // `utils/<feature>/` and the like are the recipes' patterns, not paths
    const named = [
      ...doc.matchAll(/`((?:build|components|entrypoints|utils|tests|public|\.ci)\/[^`\s<]*)`/g),
    ].map((match) => (match[1] ?? '').replace(/\{en,de\}/, 'en'));
    expect(named.length).toBeGreaterThan(50);
    expect(named.filter((name) => !existsSync(path.join(root, name)))).toEqual([]);
  });

  it("lists every product file in its folder's row of the module table", () => {
    const rows = tableRows(section('Where things live')).map((row) => {
      const [folder = '', ...files] = ticked(row[1] ?? '');
      return { folder, files: new Set([...files, ...ticked(row[2] ?? '')]) };
    });
    const unlisted = productFiles.filter((file) => {
      const row = rows.find(({ folder }) => `${folder}${path.posix.basename(file)}` === file);
      return !row?.files.has(path.posix.basename(file));
    });
    expect(unlisted).toEqual([]);
  });
});
