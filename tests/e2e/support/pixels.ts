import type { Locator, Page } from '@playwright/test';

/**
 * The colour a person sees at a point of an element (fractions of its width and height, the middle by
 * default): the element as the browser painted it, screenshotted and decoded by the browser itself.
 */
export async function pixelSeen(
  element: Locator,
  at = { x: 0.5, y: 0.5 },
): Promise<[number, number, number]> {
  const shot = await element.screenshot({ animations: 'disabled' });
  return element.page().evaluate(
    async ({ bytes, at }) => {
      const bitmap = await createImageBitmap(new Blob([new Uint8Array(bytes)], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2D context');
      context.drawImage(bitmap, 0, 0);
      const x = Math.min(bitmap.width - 1, Math.floor(bitmap.width * at.x));
      const y = Math.min(bitmap.height - 1, Math.floor(bitmap.height * at.y));
      const [r = 0, g = 0, b = 0] = context.getImageData(x, y, 1, 1).data;
      return [r, g, b] as [number, number, number];
    },
    { bytes: [...shot], at },
  );
}

/**
 * A file's picture as the browser decodes it in `page`: its size and the sum of every channel of every pixel,
 * so two files that decode to the same picture compare equal whatever their metadata.
 */
export function decodedPicture(
  page: Page,
  file: Buffer,
): Promise<{ width: number; height: number; sum: number }> {
  return page.evaluate(
    async (bytes) => {
      const bitmap = await createImageBitmap(new Blob([new Uint8Array(bytes)]));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2D context');
      context.drawImage(bitmap, 0, 0);
      let sum = 0;
      for (const value of context.getImageData(0, 0, bitmap.width, bitmap.height).data) sum += value;
      return { width: bitmap.width, height: bitmap.height, sum };
    },
    [...file],
  );
}
