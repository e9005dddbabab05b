// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  type BackupKeys,
  backupKeys,
  objectName,
  rootFromPassphrase,
} from '../../../utils/backup/backup-keys';
import {
  HEADER_BYTES,
  newHeader,
  openObject,
  openStream,
  sealedBytes,
  sealObject,
  sealSegment,
} from '../../../utils/backup/sealed-object';

const SEGMENT = 4096;
const TAG = 16;
const ITERATIONS = 600_000;
const salt = new Uint8Array(16).fill(7);
const backupId = new Uint8Array(16).fill(9);

const keysFor = async (passphrase: string, id = backupId): Promise<BackupKeys> =>
  backupKeys(await rootFromPassphrase(passphrase, salt, ITERATIONS), id);

const bytes = (length: number, seed = 1) => {
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) out[i] = (i * 31 + seed) & 0xff;
  return out;
};

const kindOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'opened',
    (error: { info?: { kind: string } }) => error.info?.kind ?? String(error),
  );

const keys = await keysFor('correct horse battery staple');

describe('a backup object is sealed in segments that open only whole, in order, under its own name', () => {
  it('opens to what was sealed, for every length around the segment size, and is as long as announced', async () => {
    for (const length of [0, 1, SEGMENT - 1, SEGMENT, SEGMENT + 1, 3 * SEGMENT, 3 * SEGMENT + 17]) {
      const plain = bytes(length);
      const sealed = await sealObject(keys, 'entries/0', plain, SEGMENT);
      expect(sealed.length, `${length}`).toBe(sealedBytes(length, SEGMENT));
      expect(await openObject(keys, 'entries/0', sealed, length)).toEqual(plain);
    }
  });

  it('holds no byte run of what it seals: the provider sees noise', async () => {
    const prompt = new TextEncoder().encode('a heron at dawn, in the reeds '.repeat(200));
    const sealed = Buffer.from(await sealObject(keys, 'entries/0', prompt, SEGMENT));
    expect(sealed.indexOf(Buffer.from('heron'))).toBe(-1);
  });

  it('opens as it streams in, in chunks of any size, to the same bytes', async () => {
    const plain = bytes(3 * SEGMENT + 5, 3);
    const sealed = await sealObject(keys, 'copy/x/0', plain, SEGMENT);
    for (const chunk of [1, 777, SEGMENT + TAG, 10 * SEGMENT]) {
      const parts = [];
      for (let at = 0; at < sealed.length; at += chunk) parts.push(sealed.slice(at, at + chunk));
      const out = [];
      for await (const piece of openStream(keys, 'copy/x/0', parts, plain.length)) out.push(...piece);
      expect(Uint8Array.from(out), `chunks of ${chunk}`).toEqual(plain);
    }
  });

  it('seals a segment again to the same bytes, so an upload cut short resumes at any segment', async () => {
    const header = newHeader(SEGMENT);
    const part = bytes(SEGMENT, 5);
    const first = await sealSegment(keys, header, 'copy/x/0', 2, part, false);
    expect(await sealSegment(keys, header, 'copy/x/0', 2, part, false)).toEqual(first);
    // Another object's header (its own nonce prefix) seals the same bytes differently.
    expect(await sealSegment(keys, newHeader(SEGMENT), 'copy/x/0', 2, part, false)).not.toEqual(first);
  });

  it('refuses, as a wrong passphrase, a wrong passphrase, a byte changed, another name, segments swapped, cut short or extended', async () => {
    const plain = bytes(2 * SEGMENT, 11);
    const sealed = await sealObject(keys, 'entries/1', plain, SEGMENT);
    const open = (data: Uint8Array, name = 'entries/1', with_ = keys) =>
      kindOf(openObject(with_, name, data, 1e9));
    expect(await open(sealed)).toBe('opened');
    expect(await open(sealed, 'entries/1', await keysFor('correct horse battery stapler'))).toBe(
      'wrong_passphrase',
    );
    const flipped = sealed.slice();
    flipped[HEADER_BYTES + 100] = (flipped[HEADER_BYTES + 100] ?? 0) ^ 1;
    expect(await open(flipped)).toBe('wrong_passphrase');
    expect(await open(sealed, 'entries/2')).toBe('wrong_passphrase');
    const segment = SEGMENT + TAG;
    const first = sealed.slice(HEADER_BYTES, HEADER_BYTES + segment);
    const second = sealed.slice(HEADER_BYTES + segment);
    const header = sealed.slice(0, HEADER_BYTES);
    expect(await open(Uint8Array.from([...header, ...second, ...first]))).toBe('wrong_passphrase');
    expect(await open(Uint8Array.from([...header, ...first]))).toBe('wrong_passphrase');
    expect(await open(Uint8Array.from([...sealed, ...second]))).toBe('wrong_passphrase');
    // The segment size is bound in too: a header saying otherwise opens nothing.
    const resized = sealed.slice();
    resized[6] = 0x20;
    expect(await open(resized)).not.toBe('opened');
  });

  it('refuses an object larger than the caller takes before decrypting it, and a header that is not one', async () => {
    const sealed = await sealObject(keys, 'entries/0', bytes(5 * SEGMENT), SEGMENT);
    await expect(openObject(keys, 'entries/0', sealed, 2 * SEGMENT)).rejects.toMatchObject({
      info: { kind: 'invalid_response' },
    });
    await expect(openObject(keys, 'entries/0', new TextEncoder().encode('<html>'), 10)).rejects.toMatchObject(
      {
        info: { kind: 'invalid_response' },
      },
    );
  });
});

describe('object names say nothing of what they hold', () => {
  it('are 32 hex digits, the same for the same keys, and another backup’s for another backup', async () => {
    const name = await objectName(keys, 'copy/entry-1/0');
    expect(name).toMatch(/^[0-9a-f]{32}$/);
    expect(await objectName(keys, 'copy/entry-1/0')).toBe(name);
    expect(await objectName(keys, 'copy/entry-1/1')).not.toBe(name);
    expect(
      await objectName(await keysFor('correct horse battery staple', new Uint8Array(16)), 'copy/entry-1/0'),
    ).not.toBe(name);
  });
});
