import { TRAINED_ALGORITHMIC_MEDIA } from '../../utils/downloads/xmp-packet';
import { C2PA_STAND_IN } from '../reference-service/image-file';
import { exiftoolRead } from '../support/exiftool';
import { scanOf } from '../support/jpeg-scan';
import { HistoryPage } from './pages/history';
import { keptImages } from './support/kept-results';
import { expect, extensionDocument, served, test } from './support/media-lab';
import { decodedPicture } from './support/pixels';
import { configure } from './support/setup';

test('a JPEG and a WebP saved from the history say what made them to an independent reader, keep the service’s C2PA manifest, and show the same picture', async ({
  lab,
}) => {
  const { extension } = lab;
  const service = await lab.startService('127.0.0.1');
  await configure(extension, service, { modelId: 'heron-xl' });
  const page = await extensionDocument(extension);
  const history = await HistoryPage.open(extension);
  const formats = [
    { format: 'jpg', type: 'JPEG', prompt: 'a heron at dawn, „Reiher“ & reeds' },
    { format: 'webp', type: 'WebP', prompt: 'a heron at dusk, 夕暮れ' },
  ] as const;
  for (const [index, { format, type, prompt }] of formats.entries()) {
    service.configure({ imageFormat: format, c2paManifest: true });
    const [made] = await keptImages(page, [prompt]);
    const original = await served(made?.urls[0] ?? '');
    expect(original.indexOf(C2PA_STAND_IN), `${type} as served`).toBeGreaterThan(0);

    await history.entry(prompt).getByRole('button', { name: 'Download' }).click();
    await expect.poll(() => lab.savedFiles().length).toBe(index + 1);
    const saved = lab
      .savedFiles()
      .find((file) => exiftoolRead(file, format).tags['XMP-dc:Description'] === prompt);
    if (!saved) throw new Error(`no saved ${type} carries its prompt`);

    const { tags, valid } = exiftoolRead(saved, format);
    expect(valid, type).toBe('OK');
    expect(tags, type).toMatchObject({
      'File:MIMEType': type === 'JPEG' ? 'image/jpeg' : 'image/webp',
      'XMP-iptcExt:DigitalSourceType': TRAINED_ALGORITHMIC_MEDIA,
      'XMP-iptcExt:AISystemUsed': 'heron-xl',
      'XMP-xmp:CreatorTool': 'Promptcast',
    });
    expect(String(tags['XMP-xmp:CreateDate']), type).toMatch(/^\d{4}:\d\d:\d\d \d\d:\d\d:\d\d/);
    if (type === 'JPEG') {
      expect(tags['IFD0:ImageDescription']).toBe(prompt);
      expect(scanOf(saved).equals(scanOf(original))).toBe(true);
    }
    // The manifest the service signed the file with, byte for byte; nothing of the service's address.
    expect(saved.indexOf(C2PA_STAND_IN), type).toBeGreaterThan(0);
    expect(saved.toString('latin1'), type).not.toContain(service.url);
    // The browser decodes the saved file to the very picture it decodes the served one to.
    const picture = await decodedPicture(history.page, saved);
    expect(picture.width, type).toBe(256);
    expect(picture, type).toEqual(await decodedPicture(history.page, original));
  }
});
