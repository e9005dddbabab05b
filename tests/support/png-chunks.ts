/**
 * Everything in a PNG but its text chunks, chunk by chunk: what must reach a saved file unchanged when the
 * extension writes the prompt into it. Read with Node's Buffer, apart from the code under test.
 */
export function imageChunks(file: Buffer): Buffer[] {
  const kept: Buffer[] = [file.subarray(0, 8)];
  for (let at = 8; at < file.length; ) {
    const end = at + 12 + file.readUInt32BE(at);
    const type = file.toString('latin1', at + 4, at + 8);
    if (type !== 'tEXt' && type !== 'iTXt') kept.push(file.subarray(at, end));
    at = end;
  }
  return kept;
}
