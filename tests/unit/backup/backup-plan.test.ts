// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  ENTRY_BUCKETS,
  emptyManifest,
  entryBucket,
  type LocalItem,
  type Manifest,
  parseManifest,
  planBackup,
  versionedName,
} from '../../../utils/backup/backup-plan';
import { sealedBytes } from '../../../utils/backup/sealed-object';

const digest = (n: number) => n.toString(16).padStart(64, '0');
const name = (n: number) => n.toString(16).padStart(32, 'a');
const item = (logical: string, n: number, size = 100): LocalItem => ({ logical, digest: digest(n), size });

/** The manifest after `items` were all sent, and the listing of a target that holds them whole. */
function held(items: LocalItem[]): { manifest: Manifest; listing: { name: string; size: number }[] } {
  const manifest = emptyManifest();
  items.forEach((each, i) => {
    manifest.items[each.logical] = { digest: each.digest, size: each.size, name: name(i) };
  });
  return { manifest, listing: items.map((each, i) => ({ name: name(i), size: sealedBytes(each.size) })) };
}

describe('a backup run sends what changed, and what the target lost', () => {
  const before = [item('entries/3', 1), item('copy/e1/0', 2, 5_000_000), item('library', 3)];

  it('sends everything to an empty target, and nothing when nothing changed', () => {
    expect(planBackup(before, emptyManifest(), [], sealedBytes).send).toEqual(before);
    const { manifest, listing } = held(before);
    expect(planBackup(before, manifest, listing, sealedBytes)).toEqual({ send: [], unreferenced: [] });
  });

  it('sends a changed item to a new object and frees the old; frees a removed entry’s; leaves nothing local', () => {
    const { manifest, listing } = held(before);
    const now = [item('entries/3', 9), item('library', 3)];
    expect(planBackup(now, manifest, listing, sealedBytes)).toEqual({
      send: [item('entries/3', 9)],
      unreferenced: [name(0), name(1)],
    });
  });

  it('names each version of an item apart, and the same version alike', () => {
    expect(versionedName(item('library', 3))).toBe(versionedName(item('library', 3)));
    expect(versionedName(item('library', 3))).not.toBe(versionedName(item('library', 4)));
  });

  it('sends again, to the same object, an item the target lost or holds cut short', () => {
    const { manifest, listing } = held(before);
    const [whole, cut] = listing;
    const damaged = whole && cut ? [whole, { ...cut, size: 1_000_000 }] : [];
    expect(planBackup(before, manifest, damaged, sealedBytes)).toEqual({
      send: [before[1], before[2]],
      unreferenced: [],
    });
  });
});

describe('the manifest from a target is untrusted', () => {
  it('is refused with a malformed item or past 200,000 items', () => {
    expect(parseManifest({ v: 1, items: { a: { digest: 'x', size: 1, name: name(1) } } })).toBeUndefined();
    expect(
      parseManifest({ v: 1, items: { a: { digest: digest(1), size: 1, name: name(1) } } }),
    ).toBeDefined();
    const items = Object.fromEntries(
      Array.from({ length: 200_001 }, (_, i) => [`e${i}`, { digest: digest(i), size: 1, name: name(i) }]),
    );
    expect(parseManifest({ v: 1, items })).toBeUndefined();
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
