// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { defineKeyedItem } from '@/utils/storage/keyed-item';
import { offerSnapshot, readAhead } from '@/utils/ui/read-ahead';
import { useStoredValue } from '@/utils/ui/use-stored';

const noteItem = defineKeyedItem<string>('local:readAheadNote', { fallback: 'none' });
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

describe('offerSnapshot', () => {
  it('paints the snapshot without touching storage, then shows what storage holds', async () => {
    await noteItem.setValue('stored');
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    const watch = vi.spyOn(fakeBrowser.storage.onChanged, 'addListener');
    offerSnapshot([noteItem], ['from the last open']);
    render(<Note />);
    // The first commit shows the snapshot, and the storage API is left alone until that frame is painted.
    expect(screen.getByText('note: from the last open')).toBeTruthy();
    expect(get).not.toHaveBeenCalled();
    expect(watch).not.toHaveBeenCalled();
    expect(await screen.findByText('note: stored')).toBeTruthy();
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('keeps a change made before storage answered over the older answer', async () => {
    await noteItem.setValue('stored');
    let answer: () => void = () => undefined;
    const get = fakeBrowser.storage.local.get.bind(fakeBrowser.storage.local);
    const reading = vi.spyOn(fakeBrowser.storage.local, 'get').mockImplementationOnce((keys) => {
      const stale = get(keys);
      return new Promise((resolve) => (answer = () => resolve(stale)));
    });
    offerSnapshot([noteItem], ['snapshot']);
    render(<Note />);
    await waitFor(() => expect(reading).toHaveBeenCalled());
    await act(async () => {
      await noteItem.setValue('changed');
    });
    await act(async () => {
      answer();
    });
    expect(screen.getByText('note: changed')).toBeTruthy();
  });

  it('tells the page when storage cannot be read behind the snapshot', async () => {
    vi.spyOn(fakeBrowser.storage.local, 'get').mockRejectedValueOnce(new Error('storage unavailable'));
    function Failing() {
      const note = useStoredValue(noteItem, show);
      return <p>{note.error ? `failed, showing ${note.value}` : `note: ${note.value}`}</p>;
    }
    offerSnapshot([noteItem], ['snapshot']);
    render(<Failing />);
    expect(await screen.findByText('failed, showing snapshot')).toBeTruthy();
  });

  it('reads storage once for all the items it offered', async () => {
    const otherItem = defineKeyedItem<string>('local:readAheadOther', { fallback: 'none' });
    await noteItem.setValue('stored note');
    await otherItem.setValue('stored other');
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    offerSnapshot([noteItem, otherItem], ['note snapshot', 'other snapshot']);
    function Both() {
      const note = useStoredValue(noteItem, show);
      const other = useStoredValue(otherItem, show);
      return <p>{`${note.value} / ${other.value}`}</p>;
    }
    render(<Both />);
    expect(screen.getByText('note snapshot / other snapshot')).toBeTruthy();
    expect(await screen.findByText('stored note / stored other')).toBeTruthy();
    expect(get).toHaveBeenCalledTimes(1);
  });
});
