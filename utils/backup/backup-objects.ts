import { type BackupHeader, HEADER_NAME, headerBytes, MAX_HEADER_BYTES, parseHeader } from './backup-header';
import { type BackupKeys, objectName } from './backup-keys';
import { MANIFEST_LOGICAL, type Manifest, type ManifestItem, parseManifest } from './backup-plan';
import { openObject, sealedBytes, sealedParts } from './sealed-object';
import { type BackupTarget, targetError } from './target';

/**
 * Reading and writing a backup's objects, shared by a backup run and a restore: the clear header, the
 * sealed manifest, and each item's object, every one bounded by what it may hold before it is read.
 */

/** A manifest of 200,000 items (backup-plan.ts MAX_MANIFEST_ITEMS) is about 30 MB of JSON. */
const MAX_MANIFEST_BYTES = 48 << 20;

/** The header the target holds, undefined when the folder holds none (a new or emptied backup). */
export async function readHeader(target: BackupTarget): Promise<BackupHeader | undefined> {
  const stored = await target.get(HEADER_NAME, MAX_HEADER_BYTES);
  return stored && parseHeader(stored);
}

export const writeHeader = (target: BackupTarget, header: BackupHeader): Promise<void> =>
  target.put(HEADER_NAME, new Blob([headerBytes(header)]));

/**
 * The header this browser's backup was set up with is still the target's: a folder whose header another
 * browser replaced (a new backup with another passphrase) holds objects these keys cannot tell apart from
 * leftovers, so nothing is written to it or removed from it. An emptied folder gets the header back.
 * Returns the header the target held.
 */
export async function claimTarget(target: BackupTarget, header: BackupHeader): Promise<BackupHeader> {
  const held = await readHeader(target);
  if (!held) await writeHeader(target, header);
  else if (held.id !== header.id) throw targetError('other_browser');
  return held ?? header;
}

export async function readManifest(target: BackupTarget, keys: BackupKeys): Promise<Manifest | undefined> {
  const name = await objectName(keys, MANIFEST_LOGICAL);
  const stored = await target.get(name, sealedBytes(MAX_MANIFEST_BYTES));
  if (!stored) return undefined;
  const plain = await openObject(keys, name, stored, MAX_MANIFEST_BYTES);
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(plain));
  } catch {
    throw targetError('malformed');
  }
  const manifest = parseManifest(json);
  if (!manifest) throw targetError('malformed');
  return manifest;
}

export async function writeManifest(
  target: BackupTarget,
  keys: BackupKeys,
  manifest: Manifest,
): Promise<void> {
  const plain = new TextEncoder().encode(JSON.stringify(manifest));
  if (plain.length > MAX_MANIFEST_BYTES) throw targetError('full');
  await writeObject(target, keys, await objectName(keys, MANIFEST_LOGICAL), plain);
}

/** What is sent for an item: its bytes sealed under its object's name. */
export async function sealedBody(
  keys: BackupKeys,
  name: string,
  plain: Uint8Array<ArrayBuffer>,
  header?: Uint8Array<ArrayBuffer>,
): Promise<Blob> {
  return new Blob(await sealedParts(keys, name, plain, header));
}

async function writeObject(
  target: BackupTarget,
  keys: BackupKeys,
  name: string,
  plain: Uint8Array<ArrayBuffer>,
): Promise<void> {
  await target.put(name, await sealedBody(keys, name, plain));
}

/**
 * An item's bytes as the manifest names them: opened (so written by these keys, under this name, whole) and
 * of the size the manifest says, else refused as a malformed object. Undefined when the target lost it.
 */
export async function readItem(
  target: BackupTarget,
  keys: BackupKeys,
  item: ManifestItem,
): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const stored = await target.get(item.name, sealedBytes(item.size));
  if (!stored) return undefined;
  const plain = await openObject(keys, item.name, stored, item.size);
  if (plain.length !== item.size) throw targetError('malformed');
  return plain;
}
