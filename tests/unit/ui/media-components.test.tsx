// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { MediaFile } from '@/components/media/MediaFile';
import { MediaGrid } from '@/components/media/MediaGrid';
import MediaViewer from '@/components/media/MediaViewer';
import type { EntryCopy } from '@/utils/copies/copies-schema';
import { deleteAllCopies } from '@/utils/copies/copy-store';
import { openMediaDb } from '@/utils/copies/media-db';
import type { MediaItem } from '@/utils/copies/page/media-items';
import type { HistoryEntry } from '@/utils/history/schema';
import { putFile } from '../support/media-db';

const GONE = 'No longer available on the service, and no copy was kept';
const KEPT: EntryCopy = { state: 'kept', bytes: 3, files: 1 };

async function putCopy(entryId: string, index: number, type: string): Promise<void> {
  await putFile(
    {
      entryId,
      index,
      url: `https://media.example/${entryId}`,
      contentType: type,
      bytes: 3,
      chunks: 1,
      complete: true,
      startedAt: 1,
      keptAt: 2,
    },
    [new Uint8Array([1, 2, 3]).buffer],
  );
}

function item(n: number, kind: 'image' | 'video' = 'image', copy?: EntryCopy): MediaItem {
  return {
    key: `e${n}:0`,
    entryId: `e${n}`,
    index: 0,
    url: `https://media.example/e${n}.${kind === 'image' ? 'png' : 'webm'}`,
    kind,
    prompt: `prompt ${n}`,
    files: 1,
    favourite: false,
    collections: [],
    model: '',
    createdAt: 1000 + n,
    copy,
  };
}

beforeEach(async () => {
  await deleteAllCopies(await openMediaDb());
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('media source', () => {
  it('shows the kept copy instead of the service URL and revokes its object URL on unmount', async () => {
    await putCopy('e1', 0, 'image/png');
    const revoke = vi.spyOn(URL, 'revokeObjectURL');
    const view = render(<MediaFile file={item(1, 'image', KEPT)} kind="image" prompt="a fox" showStatus />);
    const image = await screen.findByRole('img', { name: 'a fox' });
    const src = image.getAttribute('src') ?? '';
    expect(src.startsWith('blob:')).toBe(true);
    expect(screen.getByText('Kept in the extension')).toBeTruthy();
    view.unmount();
    expect(revoke).toHaveBeenCalledWith(src);
  });

  it('uses the service URL and says so when the entry has no copy', () => {
    render(<MediaFile file={item(2)} kind="image" prompt="a fox" showStatus />);
    expect(screen.getByRole('img', { name: 'a fox' }).getAttribute('src')).toBe(
      'https://media.example/e2.png',
    );
    expect(screen.getByText('Only on the service')).toBeTruthy();
  });

  it('falls back to the service URL when the record says kept but the copy is gone (evicted meanwhile)', async () => {
    render(<MediaFile file={item(3, 'image', KEPT)} kind="image" prompt="a fox" showStatus />);
    const image = await screen.findByRole('img', { name: 'a fox' });
    expect(image.getAttribute('src')).toBe('https://media.example/e3.png');
    expect(screen.getByText('Only on the service')).toBeTruthy();
  });
});

describe('broken media', () => {
  it('replaces an image that fails to load with the unavailable state, never a broken image', () => {
    render(<MediaFile file={item(4)} kind="image" prompt="a fox" showStatus />);
    fireEvent.error(screen.getByRole('img', { name: 'a fox' }));
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText(GONE)).toBeTruthy();
  });

  it('a file that expired before its copy was kept says so and never loads the dead URL', () => {
    const expired: EntryCopy = { state: 'expired', bytes: 0, files: 1 };
    const { container } = render(<MediaFile file={item(8, 'video', expired)} kind="video" prompt="waves" />);
    expect(container.querySelector('video')).toBeNull();
    expect(screen.getByText('The file expired on the service before a copy was kept')).toBeTruthy();
  });

  it('plays a video muted, inline, metadata only, with controls and labelled by its prompt', () => {
    const { container } = render(<MediaFile file={item(5, 'video')} kind="video" prompt="waves" />);
    const video = container.querySelector('video');
    expect(video?.getAttribute('aria-label')).toBe('Video: waves');
    expect(video?.controls).toBe(true);
    expect(video?.muted).toBe(true);
    expect(video?.getAttribute('playsinline')).not.toBeNull();
    expect(video?.getAttribute('preload')).toBe('metadata');
  });

  it('replaces a video that fails to load with the unavailable state', () => {
    const { container } = render(<MediaFile file={item(6, 'video')} kind="video" prompt="waves" />);
    fireEvent.error(container.querySelector('video') as HTMLVideoElement);
    expect(container.querySelector('video')).toBeNull();
    expect(screen.getByText(GONE)).toBeTruthy();
  });

  it('tries the service when the kept copy itself does not play, and only then gives up', async () => {
    await putCopy('e7', 0, 'video/webm');
    const { container } = render(
      <MediaFile file={item(7, 'video', KEPT)} kind="video" prompt="waves" showStatus />,
    );
    await waitFor(() => expect(container.querySelector('video')?.getAttribute('src')).toMatch(/^blob:/));
    fireEvent.error(container.querySelector('video') as HTMLVideoElement);
    expect(container.querySelector('video')?.getAttribute('src')).toBe('https://media.example/e7.webm');
    fireEvent.error(container.querySelector('video') as HTMLVideoElement);
    expect(screen.getByText(GONE)).toBeTruthy();
  });
});

describe('viewer', () => {
  const items = [item(1), item(2, 'video'), item(3)];

  it('moves focus in, is labelled with the position and prompt, and steps with the arrow keys, wrapping', async () => {
    const user = userEvent.setup();
    render(<MediaViewer items={items} start={1} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Result 2 of 3 prompt 2' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('dialog', { name: 'Result 3 of 3 prompt 3' })).toBeTruthy();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('dialog', { name: 'Result 1 of 3 prompt 1' })).toBeTruthy();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('dialog', { name: 'Result 3 of 3 prompt 3' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByRole('dialog', { name: 'Result 2 of 3 prompt 2' })).toBeTruthy();
  });

  it('closes on Escape', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<MediaViewer items={items} start={0} onClose={onClose} />);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
  it('offers Save frame for a video only, and says so when the video has no frame to save yet', async () => {
    const user = userEvent.setup();
    render(<MediaViewer items={[item(1), item(2, 'video')]} start={0} onClose={() => undefined} />);
    expect(screen.queryByRole('button', { name: 'Save frame' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Save frame' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The video has not loaded a frame yet.');
  });
});

describe('grid', () => {
  const items = [item(1), item(2, 'video'), item(3)];

  // happy-dom lays nothing out, so its observer never reports a cell on screen: here every cell is.
  beforeAll(() => {
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(private readonly report: IntersectionObserverCallback) {}
        observe(target: Element) {
          queueMicrotask(() =>
            this.report([{ target, isIntersecting: true } as IntersectionObserverEntry], this as never),
          );
        }
        unobserve() {}
        disconnect() {}
      },
    );
  });
  afterAll(() => vi.unstubAllGlobals());

  it('opens the viewer at the item clicked and gives focus back to it on Escape', async () => {
    const user = userEvent.setup();
    render(<MediaGrid items={items} />);
    const opener = screen.getByRole('button', { name: 'prompt 2' });
    await user.click(opener);
    expect(await screen.findByRole('dialog', { name: 'Result 2 of 3 prompt 2' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });

  it('shows each file’s copy state, and the unavailable note in place of a file that fails', async () => {
    render(<MediaGrid items={items} />);
    expect(screen.getAllByText('Only on the service')).toHaveLength(3);
    const third = screen.getByRole('button', { name: 'prompt 3' });
    await waitFor(() => expect(third.querySelector('img')).not.toBeNull());
    await act(async () => {
      fireEvent.error(third.querySelector('img') as HTMLImageElement);
    });
    expect(third.querySelector('img')).toBeNull();
    expect(third.textContent).toContain(GONE);
    expect(screen.getAllByText('Only on the service')).toHaveLength(2);
  });
});

describe('Keep a copy', () => {
  const entry = (url: string): HistoryEntry => ({
    id: url,
    kind: 'image',
    prompt: 'a fox',
    model: '',
    source: 'popup',
    status: 'completed',
    urls: [url],
    createdAt: 1,
  });

  it('is offered for a file only on an https host the extension may ask for, and not for plain http', async () => {
    vi.spyOn(fakeBrowser.runtime, 'getManifest').mockReturnValue({
      manifest_version: 3,
      name: 'Promptcast',
      version: '1',
      optional_host_permissions: ['https://*/*'],
    });
    vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(false);
    // fakeBrowser has no permission events, which the button's module listens to when it loads.
    for (const event of [fakeBrowser.permissions.onAdded, fakeBrowser.permissions.onRemoved])
      vi.spyOn(event, 'addListener').mockImplementation(() => undefined);
    const { KeepCopyButton } = await import('@/components/copies/KeepCopyButton');
    render(
      <>
        <KeepCopyButton entry={entry('https://cdn.example/fox.png')} />
        <KeepCopyButton entry={entry('http://cdn.example/fox.png')} />
      </>,
    );
    // Both asked the browser; only the https one can be asked for, so only it offers the button.
    await waitFor(() => expect(fakeBrowser.permissions.contains).toHaveBeenCalledTimes(2));
    expect(await screen.findAllByRole('button', { name: 'Keep a copy' })).toHaveLength(1);
  });
});
