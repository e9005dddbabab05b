// @vitest-environment happy-dom

import { render, waitFor } from '@testing-library/react';
import { act, useLayoutEffect, useState } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CopySlot } from '@/components/history/CopySlot';
import { EntryLists } from '@/components/history/EntryLists';
import type { PromptActions } from '@/utils/prompts/page/use-prompt-actions';
import { holdEarlyClicks } from '@/utils/ui/early-clicks';
import { CONTROL_WAIT_MS, releaseHeldCopyClick } from '@/utils/ui/held-entry-control';
import { hydratePage } from '@/utils/ui/hydrate-page';
import {
  COPY_SLOT_ATTRIBUTE,
  forgetListsCopy,
  LISTS_COPY_KEY,
  MAX_PART_CHARS,
  PART_ATTRIBUTE,
} from '@/utils/ui/lists-copy';
import { keepListsCopy, MAX_COPY_ENTRIES } from '@/utils/ui/lists-copy-keeper';
import { paintListsCopy } from '@/utils/ui/lists-copy-paint';

const entryMarkup = (id: string, prompt: string) =>
  `<li data-entry-id="${id}"><p>${prompt}</p><button type="button" aria-label="Regenerate: ${prompt}">Regenerate</button><button type="button">Edit</button></li>`;

/** The lists as EntryLists draws them: the copy's slot until `live`, then the entries with working buttons. */
function Lists({
  live,
  entries,
  onAct,
}: {
  live: boolean;
  entries: Array<{ id: string; prompt: string }>;
  onAct: (what: string) => void;
}) {
  useLayoutEffect(() => {
    if (live) releaseHeldCopyClick();
  }, [live]);
  return (
    <main>
      <button type="button" data-generate="image">
        Generate image
      </button>
      <div {...{ [PART_ATTRIBUTE]: 'recent' }}>
        {live ? (
          <ul>
            {entries.map(({ id, prompt }) => (
              <li key={id} data-entry-id={id}>
                <p>{prompt}</p>
                <button
                  type="button"
                  aria-label={`Regenerate: ${prompt}`}
                  onClick={() => onAct(`regenerate ${id}`)}
                >
                  Regenerate
                </button>
                <button type="button" onClick={() => onAct(`edit ${id}`)}>
                  Edit
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <CopySlot />
        )}
      </div>
    </main>
  );
}

let goLive: (entries?: Array<{ id: string; prompt: string }>) => void = () => undefined;
function Page({
  onAct,
  entries,
}: {
  onAct: (what: string) => void;
  entries: Array<{ id: string; prompt: string }>;
}) {
  const [state, setState] = useState<{ live: boolean; entries: typeof entries }>({ live: false, entries });
  goLive = (next = entries) => setState({ live: true, entries: next });
  return <Lists live={state.live} entries={state.entries} onAct={onAct} />;
}

function framePage(copy: unknown) {
  localStorage.setItem(LISTS_COPY_KEY, typeof copy === 'string' ? copy : JSON.stringify(copy));
  document.documentElement.lang = 'en';
  document.body.innerHTML = `<div id="root">${renderToString(<Lists live={false} entries={[]} onAct={() => undefined} />)}</div>`;
  holdEarlyClicks();
  paintListsCopy();
  return document.getElementById('root') as HTMLElement;
}

const copyButton = (name: string) =>
  document.querySelector<HTMLButtonElement>(`[${COPY_SLOT_ATTRIBUTE}] button[aria-label="${name}"]`);

afterEach(() => {
  localStorage.clear();
  document.body.innerHTML = '';
  for (const key of Object.keys(document.documentElement.dataset))
    delete document.documentElement.dataset[key];
});

describe('the lists painted from their kept copy', () => {
  it('shows the kept entries in the frame, before React, and holds its clicks', () => {
    framePage({ recent: `<ul>${entryMarkup('e1', 'a fox')}</ul>`, jobs: '' });
    const slot = document.querySelector<HTMLElement>(`[${COPY_SLOT_ATTRIBUTE}]`);
    expect(slot?.textContent).toContain('a fox');
    expect(slot?.dataset.holdsClicks).toBe('');
  });

  it('paints nothing from a copy that is unreadable, of the wrong shape, or too large', () => {
    for (const copy of ['{not json', '[1,2]', { recent: 42 }, { recent: 'x'.repeat(MAX_PART_CHARS + 1) }]) {
      framePage(copy);
      expect(document.querySelector(`[${COPY_SLOT_ATTRIBUTE}]`)?.innerHTML).toBe('');
    }
  });

  it('gives a click held on the copy to the same control of the same entry once React draws it: once', async () => {
    const root = framePage({ recent: `<ul>${entryMarkup('e2', 'a cat')}${entryMarkup('e1', 'a fox')}</ul>` });
    const acted: string[] = [];
    copyButton('Regenerate: a fox')?.click();
    hydratePage(root, 'en', <Page onAct={(what) => acted.push(what)} entries={[]} />);
    // React has hydrated: the copy stays, its click still held, and nothing done twice.
    expect(copyButton('Regenerate: a fox')).not.toBeNull();
    expect(acted).toEqual([]);
    // A new entry came first meanwhile: the held click still goes to its own entry.
    await act(async () =>
      goLive([
        { id: 'e3', prompt: 'a new one' },
        { id: 'e2', prompt: 'a cat' },
        { id: 'e1', prompt: 'a fox' },
      ]),
    );
    expect(acted).toEqual(['regenerate e1']);
    expect(document.querySelector(`[${COPY_SLOT_ATTRIBUTE}]`)).toBeNull();
    // React alone handles it from now.
    document.querySelector<HTMLButtonElement>('button[aria-label="Regenerate: a fox"]')?.click();
    expect(acted).toEqual(['regenerate e1', 'regenerate e1']);
  });

  it('drops a click held for an entry React no longer shows', async () => {
    const root = framePage({ recent: `<ul>${entryMarkup('gone', 'deleted since')}</ul>` });
    const acted: string[] = [];
    copyButton('Regenerate: deleted since')?.click();
    hydratePage(root, 'en', <Page onAct={(what) => acted.push(what)} entries={[]} />);
    await act(async () => goLive([{ id: 'e1', prompt: 'a fox' }]));
    expect(acted).toEqual([]);
    expect(document.documentElement.dataset.heldEntryControl).toBeUndefined();
  });

  it('waits a moment for a control React draws after its entry, gives it the click once, and drops it later', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const keep = `<li data-entry-id="e1"><p>a fox</p><button type="button">Keep a copy</button></li>`;
      const acted: string[] = [];
      for (const drawnAfterMs of [300, CONTROL_WAIT_MS + 500]) {
        const root = framePage({ recent: `<ul>${keep}</ul>` });
        document
          .querySelector<HTMLButtonElement>(`[${COPY_SLOT_ATTRIBUTE}] [data-entry-id="e1"] button`)
          ?.click();
        expect(document.documentElement.dataset.heldEntryControl).toContain('Keep a copy');
        hydratePage(root, 'en', <Page onAct={(what) => acted.push(what)} entries={[]} />);
        // The entry is drawn without the control, which comes with the entry's copy state.
        await act(async () => goLive([{ id: 'e1', prompt: 'a fox' }]));
        expect(acted).toEqual(drawnAfterMs > CONTROL_WAIT_MS ? ['keep e1'] : []);
        const later = () => {
          const button = document.createElement('button');
          button.textContent = 'Keep a copy';
          button.addEventListener('click', () => acted.push('keep e1'));
          document.querySelector('[data-entry-id="e1"]')?.append(button);
        };
        await act(async () => {
          vi.advanceTimersByTime(drawnAfterMs);
          later();
          // A MutationObserver's callback runs as a microtask.
          await Promise.resolve();
        });
        await act(async () => vi.advanceTimersByTime(CONTROL_WAIT_MS));
        expect(acted).toEqual(['keep e1']);
        expect(document.documentElement.dataset.heldEntryControl).toBeUndefined();
      }
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps the frame's own held buttons apart from the copy's", async () => {
    const root = framePage({ recent: `<ul>${entryMarkup('e1', 'a fox')}</ul>` });
    const acted: string[] = [];
    copyButton('Regenerate: a fox')?.click();
    expect(document.documentElement.dataset.heldButton).toBeUndefined();
    expect(document.documentElement.dataset.heldEntryControl).toContain('e1');
    hydratePage(root, 'en', <Page onAct={(what) => acted.push(what)} entries={[]} />);
    expect(acted).toEqual([]);
  });
});

describe('keepListsCopy', () => {
  it('keeps a first screenful of entries, the jobs first, and no later part once that is full', () => {
    vi.useFakeTimers();
    try {
      const items = (count: number, prefix: string) =>
        Array.from({ length: count }, (_, n) => `<li data-entry-id="${prefix}${n}">${prefix} ${n}</li>`).join(
          '',
        );
      document.body.innerHTML = `<div id="root">
        <div ${PART_ATTRIBUTE}="jobs"><ul>${items(MAX_COPY_ENTRIES + 40, 'job')}</ul></div>
        <div ${PART_ATTRIBUTE}="recent"><ul>${items(5, 'done')}</ul></div>
      </div>`;
      const stop = keepListsCopy();
      vi.advanceTimersByTime(1000);
      stop();
      const kept = JSON.parse(localStorage.getItem(LISTS_COPY_KEY) ?? '{}');
      expect(kept.jobs.match(/data-entry-id/g)).toHaveLength(MAX_COPY_ENTRIES);
      expect(kept.jobs).toContain(`job ${MAX_COPY_ENTRIES - 1}</li>`);
      expect(kept.jobs).not.toContain(`job ${MAX_COPY_ENTRIES}</li>`);
      expect(kept.recent).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps each live part as it settles, without page-bound media, and a painted part as it was kept', async () => {
    vi.useFakeTimers();
    try {
      localStorage.setItem(LISTS_COPY_KEY, JSON.stringify({ jobs: '<p>kept jobs</p>' }));
      document.body.innerHTML = `<div id="root">
        <div ${PART_ATTRIBUTE}="jobs"><div ${COPY_SLOT_ATTRIBUTE}><p>painted</p></div></div>
        <div ${PART_ATTRIBUTE}="recent"><ul><li data-entry-id="e1"><img src="blob:chrome-extension://x/1" alt="a fox"><img src="https://cdn.example/fox.png" alt="remote"><video src="https://cdn.example/fox.mp4" controls></video></li></ul></div>
      </div>`;
      const stop = keepListsCopy();
      vi.advanceTimersByTime(1000);
      const kept = JSON.parse(localStorage.getItem(LISTS_COPY_KEY) ?? '{}');
      expect(kept.jobs).toBe('<p>kept jobs</p>');
      expect(kept.recent).toContain('data-entry-id="e1"');
      // Media is kept without its files (their boxes stay): loaded in the first frame, they held it back.
      expect(kept.recent).not.toContain('blob:');
      expect(kept.recent).not.toMatch(/fox\.png|fox\.mp4/);
      expect(kept.recent).toContain('preload="none"');
      // A later change is kept once it settles; a part over the bound is not kept at all.
      const recent = document.querySelector(`[${PART_ATTRIBUTE}="recent"]`);
      if (recent) recent.innerHTML = `<p>${'x'.repeat(MAX_PART_CHARS)}</p>`;
      // The observer reports in a microtask.
      await vi.advanceTimersByTimeAsync(1000);
      expect(JSON.parse(localStorage.getItem(LISTS_COPY_KEY) ?? '{}').recent).toBeUndefined();
      stop();
      forgetListsCopy();
      expect(localStorage.getItem(LISTS_COPY_KEY)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('EntryLists and the kept copy', () => {
  const actions: PromptActions = {
    generateImage: () => undefined,
    generateVideo: () => undefined,
    videoBusy: false,
    batchBusy: false,
    submitted: new Set(),
  };
  const kept = { recent: entryMarkup('a', 'a kept lantern') };

  it('forgets the copy only once storage, not the snapshot, says the history is empty', async () => {
    localStorage.setItem(LISTS_COPY_KEY, JSON.stringify(kept));
    const lists = (read: boolean) => (
      <EntryLists history={[]} read={read} actions={actions} now={0} onEdit={() => undefined} />
    );
    const { rerender } = render(lists(false));
    // The lists are drawn a frame after the first paint: give it time to have happened.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(localStorage.getItem(LISTS_COPY_KEY)).not.toBeNull();
    rerender(lists(true));
    await waitFor(() => expect(localStorage.getItem(LISTS_COPY_KEY)).toBeNull());
  });
});
