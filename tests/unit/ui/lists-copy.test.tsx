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
import { MAX_CSS_CHARS, MAX_PART_CHARS, ON_DEMAND_STYLE_ATTRIBUTE } from '@/utils/ui/kept-lists-part';
import { COPY_SLOT_ATTRIBUTE, forgetListsCopy, LISTS_COPY_KEY, PART_ATTRIBUTE } from '@/utils/ui/lists-copy';
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
  document.head.innerHTML = '';
  localStorage.setItem(LISTS_COPY_KEY, typeof copy === 'string' ? copy : JSON.stringify(copy));
  document.documentElement.lang = 'en';
  document.body.innerHTML = `<div id="root">${renderToString(<Lists live={false} entries={[]} onAct={() => undefined} />)}</div>`;
  holdEarlyClicks();
  paintListsCopy();
  return document.getElementById('root') as HTMLElement;
}

/** A part as the keeper keeps it. */
const kept = (markup: string, css = '') => ({ markup, css });

const copyButton = (name: string) =>
  document.querySelector<HTMLButtonElement>(`[${COPY_SLOT_ATTRIBUTE}] button[aria-label="${name}"]`);

afterEach(() => {
  localStorage.clear();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  for (const key of Object.keys(document.documentElement.dataset))
    delete document.documentElement.dataset[key];
});

describe('the lists painted from their kept copy', () => {
  it('shows the kept entries in the frame, dressed by the rules kept with them, before React, and holds its clicks', () => {
    framePage({
      recent: kept(`<ul>${entryMarkup('e1', 'a fox')}</ul>`, 'li[data-entry-id]{display:grid}'),
      jobs: kept('', 'li[data-entry-id]{display:grid}'),
    });
    const slot = document.querySelector<HTMLElement>(`[${COPY_SLOT_ATTRIBUTE}]`);
    expect(slot?.textContent).toContain('a fox');
    expect(slot?.dataset.holdsClicks).toBe('');
    // The rules come once, however many parts they dressed, and apply to the painted entries.
    expect([...document.head.querySelectorAll('style')].map((style) => style.textContent)).toEqual([
      'li[data-entry-id]{display:grid}',
    ]);
    const entry = slot?.querySelector('li') as HTMLElement;
    expect(getComputedStyle(entry).display).toBe('grid');
  });

  it('paints nothing from a copy that is unreadable, of the wrong shape, too large, or kept without its rules', () => {
    for (const copy of [
      '{not json',
      '[1,2]',
      { recent: 42 },
      { recent: `<ul>${entryMarkup('e1', 'a fox')}</ul>` },
      { recent: { markup: `<ul>${entryMarkup('e1', 'a fox')}</ul>` } },
      { recent: kept('x'.repeat(MAX_PART_CHARS + 1)) },
      { recent: kept(`<ul>${entryMarkup('e1', 'a fox')}</ul>`, 'x'.repeat(MAX_CSS_CHARS + 1)) },
    ]) {
      framePage(copy);
      expect(document.querySelector(`[${COPY_SLOT_ATTRIBUTE}]`)?.innerHTML).toBe('');
      expect(document.head.querySelector('style')).toBeNull();
    }
  });

  it('gives a click held on the copy to the same control of the same entry once React draws it: once', async () => {
    const root = framePage({
      recent: kept(`<ul>${entryMarkup('e2', 'a cat')}${entryMarkup('e1', 'a fox')}</ul>`),
    });
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
    const root = framePage({ recent: kept(`<ul>${entryMarkup('gone', 'deleted since')}</ul>`) });
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
        const root = framePage({ recent: kept(`<ul>${keep}</ul>`) });
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
    const root = framePage({ recent: kept(`<ul>${entryMarkup('e1', 'a fox')}</ul>`) });
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
      expect(kept.jobs.markup.match(/data-entry-id/g)).toHaveLength(MAX_COPY_ENTRIES);
      expect(kept.jobs.markup).toContain(`job ${MAX_COPY_ENTRIES - 1}</li>`);
      expect(kept.jobs.markup).not.toContain(`job ${MAX_COPY_ENTRIES}</li>`);
      expect(kept.recent).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps each live part as it settles, with the rules that dress it, without page-bound media, and a painted part as it was kept', async () => {
    vi.useFakeTimers();
    try {
      localStorage.setItem(LISTS_COPY_KEY, JSON.stringify({ jobs: kept('<p>kept jobs</p>', 'p{margin:0}') }));
      localStorage.setItem('promptcast:lists-copy:v1', JSON.stringify({ jobs: '<p>older jobs</p>' }));
      // What the lists' chunks added for their rules; the page's own sheet is no part of the copy.
      document.head.innerHTML = `<style>html{margin:0}</style><style ${ON_DEMAND_STYLE_ATTRIBUTE}>li{gap:1px}</style><style ${ON_DEMAND_STYLE_ATTRIBUTE}>img{width:9px}</style>`;
      document.body.innerHTML = `<div id="root">
        <div ${PART_ATTRIBUTE}="jobs"><div ${COPY_SLOT_ATTRIBUTE}><p>painted</p></div></div>
        <div ${PART_ATTRIBUTE}="recent"><ul><li data-entry-id="e1"><img src="blob:chrome-extension://x/1" alt="a fox"><img src="https://cdn.example/fox.png" alt="remote"><video src="https://cdn.example/fox.mp4" controls></video></li></ul></div>
      </div>`;
      const stop = keepListsCopy();
      vi.advanceTimersByTime(1000);
      const copy = JSON.parse(localStorage.getItem(LISTS_COPY_KEY) ?? '{}');
      expect(copy.jobs).toEqual(kept('<p>kept jobs</p>', 'p{margin:0}'));
      expect(copy.recent.markup).toContain('data-entry-id="e1"');
      expect(copy.recent.css).toBe('li{gap:1px}img{width:9px}');
      // Media is kept without its files (their boxes stay): loaded in the first frame, they held it back.
      expect(copy.recent.markup).not.toContain('blob:');
      expect(copy.recent.markup).not.toMatch(/fox\.png|fox\.mp4/);
      expect(copy.recent.markup).toContain('preload="none"');
      // The copy kept before its rules were is gone: painted, it would show undressed.
      expect(localStorage.getItem('promptcast:lists-copy:v1')).toBeNull();
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
  it('forgets the copy only once storage, not the snapshot, says the history is empty', async () => {
    localStorage.setItem(
      LISTS_COPY_KEY,
      JSON.stringify({ recent: kept(entryMarkup('a', 'a kept lantern')) }),
    );
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
