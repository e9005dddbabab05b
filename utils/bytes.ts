/** The parts one after another in one array: a saved file's metadata and its image, a backup object's segments. */
export function concatBytes(parts: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** The four ASCII characters at `at`: a RIFF chunk's or an ISO BMFF box's type. */
export const fourCc = (bytes: Uint8Array, at: number): string =>
  String.fromCharCode(...Array.from(bytes.subarray(at, at + 4)));
