// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { storage } from 'wxt/utils/storage';
import { readAhead } from '@/utils/ui/read-ahead';
import { useStoredValue } from '@/utils/ui/use-stored';

const noteItem = storage.defineItem<string>('local:readAheadNote', { fallback: 'none' });
const show = (value: unknown) => String(value);

function Note() {
  const note = useStoredValue(noteItem, show);
  return <p>{note.read ? `note: ${note.value}` : 'loading'}</p>;
}

beforeEach(() => fakeBrowser.reset());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('readAhead', () => {
  it('lets the first render show what storage holds, reading once for all items', async () => {
    await noteItem.setValue('first');
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    await readAhead([noteItem]);
    expect(get).toHaveBeenCalledTimes(1);
    render(<Note />);
    // No loading frame: the value is there in the first commit, and the hook reads nothing again.
    expect(screen.getByText('note: first')).toBeTruthy();
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('loses no change made between the read and the page watching by itself', async () => {
    await noteItem.setValue('first');
    await readAhead([noteItem]);
    await noteItem.setValue('second');
    render(<Note />);
    expect(await screen.findByText('note: second')).toBeTruthy();
    await act(async () => {
      await noteItem.setValue('third');
    });
    expect(screen.getByText('note: third')).toBeTruthy();
  });

  it('leaves a failed read to the hook, which reads storage itself', async () => {
    await noteItem.setValue('kept');
    vi.spyOn(fakeBrowser.storage.local, 'get').mockRejectedValueOnce(new Error('storage unavailable'));
    await readAhead([noteItem]);
    render(<Note />);
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText('note: kept')).toBeTruthy();
  });
});

describe('readAhead from a snapshot', () => {
  it('renders the snapshot before storage answers, then what storage holds', async () => {
    await noteItem.setValue('stored');
    let answer: () => void = () => undefined;
    const get = fakeBrowser.storage.local.get.bind(fakeBrowser.storage.local);
    vi.spyOn(fakeBrowser.storage.local, 'get').mockImplementationOnce(
      (keys) => new Promise((resolve) => (answer = () => resolve(get(keys)))),
    );
    const read = readAhead([noteItem], ['from the last open']);
    render(<Note />);
    // The first commit shows the snapshot without waiting for storage.
    expect(screen.getByText('note: from the last open')).toBeTruthy();
    await act(async () => {
      answer();
      await read;
    });
    expect(await screen.findByText('note: stored')).toBeTruthy();
  });

  it('keeps a change made before storage answered over the older answer', async () => {
    await noteItem.setValue('stored');
    let answer: () => void = () => undefined;
    const get = fakeBrowser.storage.local.get.bind(fakeBrowser.storage.local);
    vi.spyOn(fakeBrowser.storage.local, 'get').mockImplementationOnce((keys) => {
      const stale = get(keys);
      return new Promise((resolve) => (answer = () => resolve(stale)));
    });
    const read = readAhead([noteItem], ['snapshot']);
    render(<Note />);
    await act(async () => {
      await noteItem.setValue('changed');
    });
    await act(async () => {
      answer();
      await read;
    });
    expect(screen.getByText('note: changed')).toBeTruthy();
  });

  it('tells the page when storage cannot be read behind the snapshot', async () => {
    vi.spyOn(fakeBrowser.storage.local, 'get').mockRejectedValueOnce(new Error('storage unavailable'));
    function Failing() {
      const note = useStoredValue(noteItem, show);
      return <p>{note.error ? `failed, showing ${note.value}` : `note: ${note.value}`}</p>;
    }
    const read = readAhead([noteItem], ['snapshot']);
    render(<Failing />);
    await act(async () => {
      await read;
    });
    expect(await screen.findByText('failed, showing snapshot')).toBeTruthy();
  });
});
