import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** The forms a leaked secret could take in a file: as typed, base64 (of the bytes), hex and UTF-16. */
export function spellings(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  return [
    secret,
    bytes.toString('base64').replace(/=+$/, ''),
    bytes.toString('hex'),
    Buffer.from(secret, 'utf16le').toString('latin1'),
  ];
}

/** Every file under `dir` whose bytes contain one of the spellings (hex in either case), with the spelling found. */
export function filesContaining(dir: string, secret: string): string[] {
  const needles = spellings(secret).map((text) => Buffer.from(text, 'latin1'));
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const file = path.join(folder, name);
      let stats: ReturnType<typeof statSync>;
      try {
        stats = statSync(file);
      } catch {
        continue; // a lock file or socket that went away meanwhile
      }
      if (stats.isDirectory()) walk(file);
      else if (stats.isFile()) {
        let bytes: Buffer;
        try {
          bytes = readFileSync(file);
        } catch {
          continue;
        }
        const hit = needles.find(
          (needle) =>
            bytes.includes(needle) ||
            bytes.includes(Buffer.from(needle.toString('latin1').toUpperCase(), 'latin1')),
        );
        if (hit) found.push(`${path.relative(dir, file)} (${hit.toString('latin1').slice(0, 12)}…)`);
      }
    }
  };
  walk(dir);
  return found;
}
