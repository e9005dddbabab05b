/**
 * The one view every image of a comparison shares: the same part of each picture, at the same size, so a
 * detail is compared where it is. Offsets are fractions of the frame, not pixels, so tiles of different sizes
 * still show the same part.
 */
export interface ZoomView {
  scale: number;
  /** Offset of the picture's centre from the frame's centre, as a fraction of the frame's width. */
  x: number;
  /** The same, of its height. */
  y: number;
}

export const WHOLE: ZoomView = { scale: 1, x: 0, y: 0 };
export const MIN_SCALE = 1;
export const MAX_SCALE = 8;
/** One press of + or −: four presses from the whole picture to about 2.4×. */
export const ZOOM_STEP = 1.25;
/** One Shift+arrow press moves the picture a tenth of the frame. */
export const PAN_STEP = 0.1;

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** Never smaller than the frame, and never moved so far that an edge of the picture comes into the frame. */
export function clampView({ scale, x, y }: ZoomView): ZoomView {
  const s = clamp(Number.isFinite(scale) ? scale : 1, MIN_SCALE, MAX_SCALE);
  const reach = (s - 1) / 2;
  // `+ 0` turns -0 into 0, so an unmoved view compares and prints as the whole picture.
  return { scale: s, x: clamp(x, -reach, reach) + 0, y: clamp(y, -reach, reach) + 0 };
}

/**
 * Zoomed by `factor` about a point of the frame (fractions from its centre, -0.5 to 0.5): the detail under the
 * pointer stays under it, as in any image viewer. The centre when no point is given (buttons, keys).
 */
export function zoomAt(view: ZoomView, factor: number, at = { x: 0, y: 0 }): ZoomView {
  const scale = clamp(view.scale * factor, MIN_SCALE, MAX_SCALE);
  const ratio = scale / view.scale;
  return clampView({ scale, x: at.x - (at.x - view.x) * ratio, y: at.y - (at.y - view.y) * ratio });
}

/** Moved by fractions of the frame. */
export function panBy(view: ZoomView, dx: number, dy: number): ZoomView {
  return clampView({ scale: view.scale, x: view.x + dx, y: view.y + dy });
}

/** The CSS transform of a frame-sized layer (transform-origin at its centre, so percentages are of the frame). */
export function transformOf({ scale, x, y }: ZoomView): string {
  const percent = (fraction: number) => `${Math.round(fraction * 10_000) / 100}%`;
  return `translate(${percent(x)}, ${percent(y)}) scale(${Math.round(scale * 1000) / 1000})`;
}

/** A wheel turn as a zoom factor: a notch (about 100 px) zooms by about 1.4, lines and pages count as pixels. */
export function wheelFactor(deltaY: number, deltaMode: number): number {
  const pixels = deltaMode === 1 ? deltaY * 16 : deltaMode === 2 ? deltaY * 400 : deltaY;
  return Math.exp(-clamp(pixels, -300, 300) / 300);
}

/** The clip of the top picture of an A/B wipe: `shown` per cent of it from the left, the rest from below. */
export function wipeClip(shown: number): string {
  return `inset(0 ${clamp(100 - shown, 0, 100)}% 0 0)`;
}

/**
 * What a key does to the view while a picture has the focus: + and − zoom, 0 shows the whole picture again,
 * Shift with an arrow moves over the picture the way the arrow points (as on a map). Plain arrows are left
 * to move between tiles. Undefined for any other key.
 */
export function viewKey(key: string, shift: boolean): ((view: ZoomView) => ZoomView) | undefined {
  if (shift && key.startsWith('Arrow')) {
    const [dx, dy] =
      key === 'ArrowLeft' ? [1, 0] : key === 'ArrowRight' ? [-1, 0] : key === 'ArrowUp' ? [0, 1] : [0, -1];
    return (view) => panBy(view, dx * PAN_STEP, dy * PAN_STEP);
  }
  switch (key) {
    case '+':
    case '=':
      return (view) => zoomAt(view, ZOOM_STEP);
    case '-':
    case '−':
      return (view) => zoomAt(view, 1 / ZOOM_STEP);
    case '0':
      return () => WHOLE;
    default:
      return undefined;
  }
}
