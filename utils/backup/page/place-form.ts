import type { BackupPlace } from '../backup-schema';

/** The fields of a backup place as the options page edits them: both kinds' fields, and the credential. */
export interface PlaceForm {
  kind: BackupPlace['kind'];
  url: string;
  username: string;
  endpoint: string;
  region: string;
  bucket: string;
  prefix: string;
  accessKeyId: string;
  /** The password or secret access key: empty keeps the one saved for the same address. */
  credential: string;
}

export const EMPTY_PLACE: PlaceForm = {
  kind: 'webdav',
  url: '',
  username: '',
  endpoint: '',
  region: 'us-east-1',
  bucket: '',
  prefix: '',
  accessKeyId: '',
  credential: '',
};

export function formOf(place: BackupPlace | undefined): PlaceForm {
  if (!place) return EMPTY_PLACE;
  return place.kind === 'webdav'
    ? { ...EMPTY_PLACE, kind: 'webdav', url: place.url, username: place.username }
    : { ...EMPTY_PLACE, ...place };
}

/** The place a command names; the background checks every field (backup-schema.ts). */
export function placeOf(form: PlaceForm): BackupPlace {
  return form.kind === 'webdav'
    ? { kind: 'webdav', url: form.url.trim(), username: form.username.trim() }
    : {
        kind: 's3',
        endpoint: form.endpoint.trim(),
        region: form.region.trim(),
        bucket: form.bucket.trim(),
        prefix: form.prefix.trim(),
        accessKeyId: form.accessKeyId.trim(),
      };
}

/** The address the place's requests go to, whose origin access is asked for. */
export const addressOf = (form: PlaceForm): string =>
  (form.kind === 'webdav' ? form.url : form.endpoint).trim();

/** The place and the credential as a command carries them (no credential: the saved one). */
export const placeFields = (form: PlaceForm) => ({
  place: placeOf(form),
  ...(form.credential ? { credential: form.credential } : {}),
});
