// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { CopiesContext } from '@/components/copies/CopiesContext';
import { KeepAnyway } from '@/components/copies/KeepAnyway';
import { copiesItem } from '@/utils/copies/copies-item';
import type { EntryCopy } from '@/utils/copies/copies-schema';
import type { HistoryEntry } from '@/utils/history/schema';

beforeEach(() => fakeBrowser.reset());
afterEach(cleanup);

describe('Keep anyway', () => {
  it('says why a result was not kept and names the cap that makes it fit', async () => {
    const big: EntryCopy = { state: 'tooBig', bytes: 60 * 1024 * 1024, files: 2, capBytes: 50 * 1024 * 1024 };
    await copiesItem.setValue({ entries: { v: big }, usedBytes: 30 * 1024 * 1024 });
    const entry: HistoryEntry = {
      id: 'v',
      kind: 'video',
      prompt: 'waves',
      model: '',
      source: 'popup',
      status: 'completed',
      urls: ['https://cdn.example/a.webm', 'https://cdn.example/b.webm'],
      createdAt: 1,
    };
    render(
      <CopiesContext.Provider value={{ v: big }}>
        <KeepAnyway entry={entry} />
      </CopiesContext.Provider>,
    );
    // Loaded on demand: the explanation appears once its chunk is in.
    expect(
      await screen.findByText('Bigger than the space for copies: 60 MB of 50 MB', {}, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(
      await screen.findByRole('button', { name: 'Keep anyway (space for copies becomes 90 MB)' }),
    ).toBeTruthy();
  });
});
