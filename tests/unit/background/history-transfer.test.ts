// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../../utils/history/schema';
import type { DownloadFile } from '../../../utils/media/download';
import { makeBackgroundApp } from '../support/background-app';
import { referenceServiceForFile } from '../support/reference-service';

const service = referenceServiceForFile({});

function entry(id: string, patch: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    id,
    kind: 'image',
    prompt: `prompt ${id}`,
    model: 'm1',
    source: 'popup',
    status: 'completed',
    urls: [`https://media.test/${id}.png`],
    createdAt: 1000,
    ...patch,
  };
}

/** The JSON the export handed to the downloads API: a data: URL's text, or a Blob's where one is saved. */
async function exportedFile(file: DownloadFile | undefined): Promise<unknown> {
  if (file && 'blob' in file) {
    expect(file.blob.type).toBe('application/json');
    return JSON.parse(await file.blob.text());
  }
  const prefix = 'data:application/json;charset=utf-8,';
  expect(file?.url.startsWith(prefix)).toBe(true);
  return JSON.parse(decodeURIComponent(file?.url.slice(prefix.length) ?? ''));
}

describe('history export and import', () => {
  it('exports what a person needs of each entry, without polling state', async () => {
    const { app, items, downloads } = await makeBackgroundApp(service);
    const video = entry('v1', {
      kind: 'video',
      status: 'failed',
      options: { duration: 5, resolution: '720p', aspectRatio: '16:9', generateAudio: false },
      finishedAt: 2000,
      error: { kind: 'job_failed', message: 'failed', detail: 'no' },
      poll: { jobId: 'j', baseUrl: service.url, attempts: 1, failures: 0, nextPollAt: 0 },
      notifyPending: true,
      urls: [],
    });
    await items.history.setValue([video, entry('i1', { createdAt: 500 })]);
    expect(await app.handlers.exportHistory({ type: 'exportHistory' })).toEqual({ exported: 2 });
    const [files] = downloads;
    expect(files?.[0]?.filename).toMatch(/^promptcast-history-\d{4}-\d{2}-\d{2}\.json$/);
    const file = (await exportedFile(files?.[0])) as { format: string; entries: unknown[] };
    expect(file.format).toBe('promptcast-history');
    const { poll: _poll, notifyPending: _notify, ...wanted } = video;
    expect(file.entries).toEqual([wanted, entry('i1', { createdAt: 500 })]);
  });

  it('where the background saves Blobs (Firefox, which refuses data: URLs), exports the same file as one', async () => {
    const { app, items, downloads, media } = await makeBackgroundApp(service);
    await items.history.setValue([entry('i1')]);
    await app.handlers.exportHistory({ type: 'exportHistory' });
    media.savesBlobs = true;
    await app.handlers.exportHistory({ type: 'exportHistory' });
    const [asUrl, asBlob] = downloads.map((files) => files[0]);
    expect(asBlob && 'blob' in asBlob).toBe(true);
    expect(asBlob?.filename).toBe(asUrl?.filename);
    // The same file but for its time of export, a millisecond or so apart.
    const [fromBlob, fromUrl] = [await exportedFile(asBlob), await exportedFile(asUrl)] as object[];
    expect({ ...fromBlob, exportedAt: 0 }).toEqual({ ...fromUrl, exportedAt: 0 });
  });

  it('imports into a cleared history, newest first, and adds nothing twice', async () => {
    const { app, items, downloads } = await makeBackgroundApp(service);
    const saved = [entry('a', { createdAt: 300 }), entry('b', { createdAt: 200 })];
    await items.history.setValue(saved);
    await app.handlers.exportHistory({ type: 'exportHistory' });
    const file = await exportedFile(downloads[0]?.[0]);
    await items.history.setValue([entry('c', { createdAt: 250 })]);
    expect(await app.handlers.importHistory({ type: 'importHistory', file })).toEqual({
      added: 2,
      skipped: 0,
    });
    expect(await app.handlers.importHistory({ type: 'importHistory', file })).toEqual({
      added: 0,
      skipped: 2,
    });
    expect((await items.history.getValue()).map((item) => item.id)).toEqual(['a', 'c', 'b']);
  });

  it('never overwrites a stored entry, a running job least of all; an imported running job is interrupted', async () => {
    const { app, items } = await makeBackgroundApp(service);
    const running = entry('job', { kind: 'video', status: 'running', urls: [] });
    await items.history.setValue([running]);
    const file = {
      format: 'promptcast-history',
      version: 1,
      exportedAt: 0,
      entries: [
        { ...running, status: 'failed', prompt: 'changed' },
        { ...entry('other', { status: 'running', urls: [] }), poll: undefined },
        { ...entry('other'), prompt: 'the same id twice' },
      ],
    };
    expect(await app.handlers.importHistory({ type: 'importHistory', file })).toEqual({
      added: 1,
      skipped: 2,
    });
    const stored = await items.history.getValue();
    expect(stored.find((item) => item.id === 'job')).toEqual(running);
    expect(stored.find((item) => item.id === 'other')).toMatchObject({
      status: 'failed',
      error: { kind: 'interrupted' },
    });
  });

  it('refuses a file that is not an export, or carries unsafe URLs, and changes nothing', async () => {
    const { app, items } = await makeBackgroundApp(service);
    const before = [entry('keep')];
    await items.history.setValue(before);
    const good = { format: 'promptcast-history', version: 1, exportedAt: 0, entries: [entry('new')] };
    for (const file of [
      null,
      [entry('new')],
      { ...good, format: 'something-else' },
      { ...good, entries: [entry('new', { urls: ['javascript:alert(1)'] })] },
      { ...good, entries: [entry('new'), { id: 'x', prompt: 'no kind' }] },
    ]) {
      await expect(app.handlers.importHistory({ type: 'importHistory', file })).rejects.toMatchObject({
        info: { kind: 'invalid_input' },
      });
    }
    expect(await items.history.getValue()).toEqual(before);
  });
});
