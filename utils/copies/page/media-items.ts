import type { HistoryEntry } from '../../history/schema';
import { thumbnailOf } from '../../history/thumbnail';
import type { VideoOptions } from '../../settings/schema';
import type { Copies } from '../copies-schema';
import type { MediaFileRef } from './use-media-source';

/** One file of a finished entry, as the grid and the viewer show it. */
export interface MediaItem extends MediaFileRef {
  /** Stable across renders: entry id and file position. */
  key: string;
  kind: 'image' | 'video';
  prompt: string;
  /** How many files the entry has, so two files of one prompt can be told apart. */
  files: number;
  /** The entry's curation, which the history page's viewer shows and changes. */
  favourite: boolean;
  collections: readonly string[];
  /** What the entry was made with, for *Save to library* and what a saved frame tells of it. */
  model: string;
  options?: VideoOptions;
  createdAt: number;
  profileId?: string;
  /** The frame the person chose as this video file's picture (thumbnail.ts). */
  thumbnail?: string;
}

/** Every file of the completed entries, in history order, each with its entry's copy record. */
export function mediaItems(history: readonly HistoryEntry[], copies: Copies['entries']): MediaItem[] {
  return history
    .filter((entry) => entry.status === 'completed')
    .flatMap((entry) =>
      entry.urls.map((url, index) => ({
        key: `${entry.id}:${index}`,
        entryId: entry.id,
        index,
        url,
        kind: entry.kind,
        prompt: entry.prompt,
        files: entry.urls.length,
        favourite: entry.favourite === true,
        collections: entry.collections ?? [],
        model: entry.model,
        ...(entry.options ? { options: entry.options } : {}),
        createdAt: entry.createdAt,
        ...(entry.profileId ? { profileId: entry.profileId } : {}),
        ...withThumbnail(thumbnailOf(entry, index)),
        copy: copies[entry.id],
      })),
    );
}

function withThumbnail(thumbnail: string | undefined): { thumbnail?: string } {
  return thumbnail ? { thumbnail } : {};
}
