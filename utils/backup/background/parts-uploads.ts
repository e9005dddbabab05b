import * as z from 'zod/mini';
import { base64ByteLength, base64ToBytes, bytesToBase64, isCanonicalBase64 } from '../../keys/lock/base64';
import { defineKeyedItem } from '../../storage/keyed-item';
import type { PartsUpload, PartsUploads } from '../backup-run';
import { HEADER_BYTES, segmentBytesOf } from '../sealed-object';

/**
 * The upload in parts a backup run has under way (backup-run.ts), kept in storage.local so the run after a
 * worker stop or a browser restart continues it. Background only: no page reads it. Nothing secret is in it:
 * an object's name and header are what the storage provider holds anyway.
 */
const storedUploadSchema = z.object({
  name: z.string().check(z.regex(/^[0-9a-f]{32}$/)),
  header: z.string().check(
    z.maxLength(Math.ceil(HEADER_BYTES / 3) * 4),
    z.refine(isCanonicalBase64),
    z.refine((text: string) => base64ByteLength(text) === HEADER_BYTES),
  ),
  uploadId: z.string().check(z.minLength(1), z.maxLength(1024)),
});
type StoredUpload = z.infer<typeof storedUploadSchema>;

export const partsUploadItem = defineKeyedItem<StoredUpload | null>('local:backupUpload', { fallback: null });

/** Read checked: a damaged record is no upload to continue (the object is sent from its first part). */
async function storedUpload(): Promise<PartsUpload | undefined> {
  const parsed = storedUploadSchema.safeParse(await partsUploadItem.getValue());
  if (!parsed.success) return undefined;
  const header = base64ToBytes(parsed.data.header);
  try {
    segmentBytesOf(header);
  } catch {
    return undefined;
  }
  return { ...parsed.data, header };
}

export const storedPartsUploads: PartsUploads = {
  get: storedUpload,
  set: (upload) =>
    upload
      ? partsUploadItem.setValue({ ...upload, header: bytesToBase64(upload.header) })
      : partsUploadItem.removeValue(),
};
