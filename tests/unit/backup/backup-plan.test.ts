// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  ENTRY_BUCKETS,
  entryBucket,
  manifestOf,
  type NamedItem,
  parseManifest,
  planBackup,
  versionedName,
} from '../../../utils/backup/backup-plan';
import { sealedBytes } from '../../../utils/backup/sealed-object';

const digest = (n: number) => n.toString(16).padStart(64, '0');
const name = (n: number) => n.toString(16).padStart(32, 'a');
const item = (logical: string, n: number, size = 100): NamedItem => ({
  logical,
  digest: digest(n),
  size,
  name: name(n),
});
const MANIFEST = name(999);
/** The listing of a target that holds `items` whole, and the manifest. */
const whole = (items: NamedItem[]) => [
  ...items.map((each) => ({ name: each.name, size: sealedBytes(each.size) })),
  { name: MANIFEST, size: 500 },
];

describe('a backup run sends what the target does not hold whole', () => {
  const before = [item('entries/3', 1), item('copy/e1/0', 2, 5_000_000), item('library', 3)];

  it('sends everything to an empty target, and nothing when nothing changed', () => {
    expect(planBackup(before, [], sealedBytes, MANIFEST).send).toEqual(before);
    expect(planBackup(before, whole(before), sealedBytes, MANIFEST)).toEqual({ send: [], unreferenced: [] });
  });

  it('sends a changed item to its new object and frees the old and a removed entry’s, once the manifest is stored', () => {
    const now = [item('entries/3', 9), item('library', 3)];
    expect(planBackup(now, whole(before), sealedBytes, MANIFEST)).toEqual({
      send: [item('entries/3', 9)],
      unreferenced: [name(1), name(2)],
    });
  });

  it('names each version of an item apart, and the same version alike', () => {
    expect(versionedName(item('library', 3))).toBe(versionedName(item('library', 3)));
    expect(versionedName(item('library', 3))).not.toBe(versionedName(item('library', 4)));
  });

  it('sends again an item the target lost or holds cut short, and only that: a stopped run is continued', () => {
    const [first, cut] = whole(before);
    const damaged = first && cut ? [first, { ...cut, size: 1_000_000 }] : [];
    expect(planBackup(before, damaged, sealedBytes, MANIFEST).send).toEqual([before[1], before[2]]);
  });

  it('never frees the manifest, the header, or a file of another name that shares the folder', () => {
    const listing = [
      { name: MANIFEST, size: 10 },
      { name: 'promptcast-backup.json', size: 300 },
      { name: 'holiday.jpg', size: 1000 },
      { name: name(7), size: 10 },
    ];
    expect(planBackup([], listing, sealedBytes, MANIFEST).unreferenced).toEqual([name(7)]);
  });
});

describe('the manifest from a target is untrusted', () => {
  const meta = { writer: 'browser-1', at: 1_700_000_000_000, entries: 1 };
  it('is refused with a malformed item or past 200,000 items', () => {
    const good = manifestOf([item('entries/1', 1)], meta);
    expect(parseManifest(good)).toEqual(good);
    expect(parseManifest({ ...good, items: { a: { digest: 'x', size: 1, name: name(1) } } })).toBeUndefined();
    const items = Object.fromEntries(
      Array.from({ length: 200_001 }, (_, i) => [`e${i}`, { digest: digest(i), size: 1, name: name(i) }]),
    );
    expect(parseManifest({ ...good, items })).toBeUndefined();
  });
});

describe('entries are spread over buckets by id', () => {
  it('puts 10,000 ids in every bucket, none with more than twice its share', () => {
    const counts = new Array<number>(ENTRY_BUCKETS).fill(0);
    for (let i = 0; i < 10_000; i++) {
      const bucket = entryBucket(crypto.randomUUID());
      counts[bucket] = (counts[bucket] ?? 0) + 1;
    }
    expect(Math.min(...counts)).toBeGreaterThan(0);
    expect(Math.max(...counts)).toBeLessThan((2 * 10_000) / ENTRY_BUCKETS);
    expect(entryBucket('same-id')).toBe(entryBucket('same-id'));
  });
});
