// @vitest-environment node
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  describedBytes,
  parametersText,
  promptcastText,
  withProfileName,
} from '../../../utils/downloads/file-metadata';
import { isPng, pngChunk, pngTexts, withPngText } from '../../../utils/downloads/png-text';
import { DEFAULT_SETTINGS } from '../../../utils/settings/defaults';
import { repairSettings } from '../../../utils/settings/repair';
import { shownSettings } from '../../../utils/ui/stored-view';
import { gradientPng } from '../../reference-service/png';

const ascii = (text: string) => new TextEncoder().encode(text);
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/** Each chunk's type and data, in order, read with Node's own Buffer rather than the code under test. */
function chunks(file: Uint8Array): Array<{ type: string; data: Buffer }> {
  const buffer = Buffer.from(file);
  const out: Array<{ type: string; data: Buffer }> = [];
  for (let at = 8; at < buffer.length; ) {
    const length = buffer.readUInt32BE(at);
    out.push({
      type: buffer.toString('latin1', at + 4, at + 8),
      data: buffer.subarray(at + 8, at + 8 + length),
    });
    at += 12 + length;
  }
  return out;
}

const entry = {
  prompt: 'a red kite over the dunes, at dusk',
  model: 'flux-pro',
  kind: 'image' as const,
  createdAt: Date.UTC(2026, 10, 26, 9, 30),
};

describe('PNG chunks', () => {
  it('end with the CRC-32 of type and data (known vectors)', () => {
    expect(hex(pngChunk('IEND', new Uint8Array()))).toBe('0000000049454e44ae426082');
    // The standard check value: CRC-32 of "123456789" is cbf43926.
    expect(hex(pngChunk('1234', ascii('56789'))).slice(-8)).toBe('cbf43926');
  });

  it('adds text after the header and leaves the image data byte for byte', () => {
    const original = new Uint8Array(gradientPng(7, 32));
    const written = withPngText(original, [
      ['parameters', parametersText(entry)],
      ['promptcast', promptcastText(entry)],
    ]);
    const before = chunks(original);
    const after = chunks(written);
    expect(after.map((chunk) => chunk.type)).toEqual(['IHDR', 'tEXt', 'tEXt', 'IDAT', 'IEND']);
    expect(after[3]?.data.equals(before[1]?.data ?? Buffer.alloc(0))).toBe(true);
    // The pixels still inflate to the same rows.
    expect(
      inflateSync(after[3]?.data ?? Buffer.alloc(0)).equals(inflateSync(before[1]?.data ?? Buffer.alloc(0))),
    ).toBe(true);
    expect(Object.fromEntries(pngTexts(written))).toEqual({
      parameters: `a red kite over the dunes, at dusk\nModel: flux-pro, Created: 2026-11-26T09:30:00.000Z, Generator: Promptcast`,
      promptcast: JSON.stringify({
        prompt: entry.prompt,
        model: 'flux-pro',
        kind: 'image',
        createdAt: '2026-11-26T09:30:00.000Z',
      }),
    });
  });

  it('writes text beyond Latin-1 as UTF-8 iTXt, and replaces what it wrote before rather than adding twice', () => {
    const prompt = '海辺の凧 🪁, „Drachen“';
    const once = withPngText(new Uint8Array(gradientPng(1, 8)), [['parameters', prompt]]);
    const twice = withPngText(once, [['parameters', `${prompt} again`]]);
    expect(chunks(twice).map((chunk) => chunk.type)).toEqual(['IHDR', 'iTXt', 'IDAT', 'IEND']);
    expect(pngTexts(twice).get('parameters')).toBe(`${prompt} again`);
  });

  it('names the profile the entry was made with, by its name alone, and quotes what would split the line', () => {
    const named = withProfileName({ ...entry, profileId: 'p-2' }, { 'p-2': 'Work: client A', 'p-3': 'Home' });
    expect(parametersText(named)).toContain('Model: flux-pro, Profile: "Work: client A", Created:');
    expect(JSON.parse(promptcastText(named))).toMatchObject({ profile: 'Work: client A' });
    // A profile deleted since is named by nothing.
    expect(parametersText(withProfileName({ ...entry, profileId: 'gone' }, {}))).not.toContain('Profile');
  });

  it('quotes a model name that would split AUTOMATIC1111’s line', () => {
    expect(parametersText({ ...entry, model: 'studio, v2: fast' })).toContain(
      'Model: "studio, v2: fast", Created:',
    );
  });

  it('leaves anything but a whole PNG as it came', async () => {
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    expect(await describedBytes(jpeg, entry, true)).toBe(jpeg);
    const cut = new Uint8Array(gradientPng(3, 16)).subarray(0, 60);
    expect(isPng(cut)).toBe(true);
    expect(withPngText(cut, [['parameters', 'x']])).toBe(cut);
  });
});

describe('the promptInFiles setting', () => {
  it('is on for a new install and stays off for settings stored before it, until the person turns it on', () => {
    expect(DEFAULT_SETTINGS.promptInFiles).toBe(true);
    expect(shownSettings(undefined).promptInFiles).toBe(true);
    const { promptInFiles: _, ...earlier } = { ...DEFAULT_SETTINGS, baseUrl: 'https://api.example' };
    expect(repairSettings(earlier).promptInFiles).toBe(false);
    expect(shownSettings(earlier).promptInFiles).toBe(false);
    expect(repairSettings({ ...earlier, promptInFiles: true }).promptInFiles).toBe(true);
  });
});
