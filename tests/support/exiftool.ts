import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A file's metadata as ExifTool (Debian's libimage-exiftool-perl, installed by `.ci/run`) reads it, tag names
 * with their group (`XMP-dc:Description`, `IFD0:ImageDescription`), and its `-validate` verdict on the
 * file's structure: a reader that shares no code with the writer under test.
 */
export function exiftoolRead(
  bytes: Uint8Array,
  extension: string,
): { tags: Record<string, unknown>; valid: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'promptcast-exiftool-'));
  try {
    const file = path.join(dir, `file.${extension}`);
    writeFileSync(file, bytes);
    const [tags] = JSON.parse(
      execFileSync('exiftool', ['-j', '-G1', '-a', '-all', '-validate', '-warning', file], {
        encoding: 'utf8',
      }),
    ) as [Record<string, unknown>];
    const verdict = [tags['ExifTool:Validate'], tags['ExifTool:Warning']].filter(Boolean).join('; ');
    return { tags, valid: verdict };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
