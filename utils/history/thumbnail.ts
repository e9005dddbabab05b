/**
 * A video's thumbnail: a frame the person chose in the viewer, shown in place of the video's own first frame
 * in lists and grids. Kept on the history entry as a small data URL (a list of thousands reads no extra
 * store), so it is held to the size of a list's picture, not the video's.
 */

/** The longest side a thumbnail is drawn at: a grid cell or a list's preview at twice its CSS size. */
export const THUMBNAIL_MAX_SIDE = 480;

/** A thumbnail's data URL at most: a 480-pixel WebP or JPEG is 20–60 KB, and ten thousand of them still fit. */
export const THUMBNAIL_MAX_CHARS = 160_000;

/** What a stored thumbnail must be: an inert picture inline, never a URL that would be fetched. */
export const THUMBNAIL_PATTERN = /^data:image\/(webp|jpeg|png);base64,[\w+/]+=*$/;

/** The picture chosen for the entry's file at `index`, if any. */
export function thumbnailOf(
  entry: { thumbnail?: { index: number; image: string } },
  index: number,
): string | undefined {
  return entry.thumbnail?.index === index ? entry.thumbnail.image : undefined;
}

/**
 * The replacer of a page's localStorage snapshot, which its next first frame parses before painting: a
 * thumbnail is tens of KB of data URL, so the first frame goes without and the database brings it.
 */
export const withoutThumbnails = (key: string, value: unknown) => (key === 'thumbnail' ? undefined : value);
