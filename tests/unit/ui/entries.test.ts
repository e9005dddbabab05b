import { describe, expect, it } from 'vitest';
import { splitForPopup } from '@/utils/history/page/entries';
import type { HistoryEntry } from '@/utils/history/schema';

let counter = 0;
function entry(patch: Partial<HistoryEntry>): HistoryEntry {
  counter += 1;
  return {
    id: `e${counter}`,
    kind: 'image',
    prompt: `prompt ${counter}`,
    model: '',
    source: 'popup',
    status: 'completed',
    urls: ['https://x.test/a.png'],
    createdAt: 1000 * counter,
    ...patch,
  };
}

const none = new Set<string>();

describe('splitForPopup', () => {
  it('lists running work as jobs and the rest, up to the limit, as recent', () => {
    const running = entry({ kind: 'video', status: 'running', urls: [] });
    const done = [entry({}), entry({}), entry({ status: 'failed', urls: [] })];
    const history = [running, ...done];
    const { jobs, recent } = splitForPopup(history, { watched: none, exclude: none, recentLimit: 2 });
    expect(jobs.map((item) => item.id)).toEqual([running.id]);
    expect(recent.map((item) => item.id)).toEqual([done[0]?.id, done[1]?.id]);
  });

  it('keeps entries watched in this session among the jobs after they finish', () => {
    const finished = entry({ kind: 'video', status: 'completed' });
    const older = entry({});
    const { jobs, recent } = splitForPopup([finished, older], {
      watched: new Set([finished.id]),
      exclude: none,
      recentLimit: 5,
    });
    expect(jobs).toEqual([finished]);
    expect(recent).toEqual([older]);
  });

  it('leaves out entries shown elsewhere', () => {
    const shown = entry({});
    const other = entry({});
    const { recent } = splitForPopup([shown, other], {
      watched: none,
      exclude: new Set([shown.id]),
      recentLimit: 5,
    });
    expect(recent).toEqual([other]);
  });

  it('does not list the image this popup is waiting for, but does list older running images', () => {
    const older = entry({ status: 'running', urls: [], createdAt: 5_000 });
    const own = entry({ status: 'running', urls: [], createdAt: 10_200 });
    const { jobs } = splitForPopup([own, older], {
      watched: none,
      exclude: none,
      pendingImageSince: 10_000,
      recentLimit: 5,
    });
    expect(jobs).toEqual([older]);
  });

  it('shows a running image from an earlier popup (reopened) as a job', () => {
    const running = entry({ status: 'running', urls: [] });
    expect(splitForPopup([running], { watched: none, exclude: none, recentLimit: 5 }).jobs).toEqual([
      running,
    ]);
  });
});
