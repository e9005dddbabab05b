/** Larger than any file this extension writes; reading more would only stall the page. */
const MAX_FILE_BYTES = 10 * 1024 * 1024;

/** A chosen file's JSON, or undefined when it is too big or not JSON at all. */
export async function readJsonFile(file: File): Promise<{ json: unknown } | undefined> {
  if (file.size > MAX_FILE_BYTES) return undefined;
  try {
    return { json: JSON.parse(await file.text()) };
  } catch {
    return undefined;
  }
}
