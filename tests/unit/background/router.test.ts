import { describe, expect, it } from 'vitest';
import { AppError } from '../../../utils/error-info';
import { createRouter, type Handlers, isTrustedSender } from '../../../utils/messaging/router';

const self = { id: 'ext-id', baseUrl: 'chrome-extension://ext-id/' };
const popup = { id: 'ext-id', url: 'chrome-extension://ext-id/popup.html' };

function handlers(overrides: Partial<Handlers> = {}): Handlers {
  const unused = async (): Promise<never> => {
    throw new Error('not used in this test');
  };
  return {
    ping: async () => ({ ok: true }),
    refreshBalance: unused,
    generateImage: unused,
    submitVideo: unused,
    generateBatch: unused,
    pauseBatch: unused,
    cancelBatchEntries: unused,
    saveSettings: unused,
    removeApiKey: unused,
    testConnection: unused,
    removeHistoryEntry: unused,
    removeEntries: unused,
    setFavourite: unused,
    setThumbnail: unused,
    setCollection: unused,
    trimHistory: unused,
    clearHistory: unused,
    download: unused,
    keepCopy: unused,
    keepAnyway: unused,
    deleteAllCopies: unused,
    importHistory: unused,
    takeComposerDraft: unused,
    composeDraft: unused,
    regenerate: unused,
    switchProfile: unused,
    addProfile: unused,
    renameProfile: unused,
    duplicateProfile: unused,
    setProfileModels: unused,
    deleteProfile: unused,
    setKeyLock: unused,
    unlockKeys: unused,
    lockKeys: unused,
    changePassphrase: unused,
    removeKeyLock: unused,
    setKeyMode: unused,
    setLockIdle: unused,
    savePrompt: unused,
    removePrompts: unused,
    movePrompt: unused,
    importLibrary: unused,
    testBackup: unused,
    setUpBackup: unused,
    previewRestore: unused,
    startRestore: unused,
    runBackup: unused,
    setBackupAuto: unused,
    forgetBackup: unused,
    ...overrides,
  };
}

describe('sender check', () => {
  it('accepts this extension’s own pages only', () => {
    expect(isTrustedSender(popup, self)).toBe(true);
    expect(isTrustedSender({ id: 'ext-id', url: 'chrome-extension://ext-id/options.html' }, self)).toBe(true);
    expect(isTrustedSender({ id: 'other-ext', url: 'chrome-extension://other-ext/popup.html' }, self)).toBe(
      false,
    );
    // A content script of ours (there are none) or a page pretending would carry a web URL.
    expect(isTrustedSender({ id: 'ext-id', url: 'https://evil.example/' }, self)).toBe(false);
    expect(isTrustedSender({ id: 'ext-id', url: 'chrome-extension://ext-id.evil/' }, self)).toBe(false);
    expect(isTrustedSender({ id: 'ext-id' }, self)).toBe(false);
    expect(isTrustedSender({}, self)).toBe(false);
  });
});

describe('router', () => {
  it('answers a valid request from a trusted page', async () => {
    const route = createRouter(handlers(), self);
    expect(await route({ type: 'ping' }, popup)).toEqual({ ok: true, data: { ok: true } });
  });

  it('rejects a foreign sender before looking at the message', async () => {
    let called = false;
    const route = createRouter(
      handlers({
        ping: async () => {
          called = true;
          return { ok: true };
        },
      }),
      self,
    );
    const response = await route({ type: 'ping' }, { id: 'other', url: 'https://evil.example/' });
    expect(response).toMatchObject({ ok: false, error: { kind: 'forbidden_sender' } });
    expect(called).toBe(false);
  });

  it("passes the history's bulk commands on, validated: ids listed, a collection named, a whole number agreed to, a thumbnail inline", async () => {
    const seen: unknown[] = [];
    const heard = async (request: unknown) => {
      seen.push(request);
      return { removed: 0, changed: 0 };
    };
    const route = createRouter(
      handlers({
        removeEntries: heard,
        setFavourite: heard,
        setCollection: heard,
        setThumbnail: heard,
        trimHistory: heard,
      }),
      self,
    );
    const good = [
      { type: 'removeEntries', ids: ['a', 'b'] },
      { type: 'setFavourite', ids: ['a'], favourite: true },
      { type: 'setCollection', ids: ['a'], collection: '  Trips ', member: true },
      { type: 'trimHistory', removeUpTo: 12 },
      {
        type: 'setThumbnail',
        entryId: 'v',
        thumbnail: { index: 0, image: 'data:image/webp;base64,UklGRg==' },
      },
      { type: 'setThumbnail', entryId: 'v' },
    ];
    for (const request of good) expect((await route(request, popup)).ok).toBe(true);
    expect(seen[2]).toMatchObject({ collection: 'Trips' });
    const bad = [
      { type: 'removeEntries', ids: [] },
      { type: 'setFavourite', ids: ['a'] },
      { type: 'setCollection', ids: ['a'], collection: '   ', member: true },
      { type: 'setCollection', ids: ['a'], collection: 'x'.repeat(61), member: true },
      { type: 'trimHistory', removeUpTo: 1.5 },
      { type: 'trimHistory', removeUpTo: -1 },
      // A thumbnail is an inline picture, never a URL a list would fetch, and no bigger than a list needs.
      {
        type: 'setThumbnail',
        entryId: 'v',
        thumbnail: { index: 0, image: 'https://tracker.example/pixel.png' },
      },
      {
        type: 'setThumbnail',
        entryId: 'v',
        thumbnail: { index: 0, image: 'data:image/svg+xml;base64,PHN2Zz4=' },
      },
      {
        type: 'setThumbnail',
        entryId: 'v',
        thumbnail: { index: 0, image: `data:image/jpeg;base64,${'A'.repeat(160_000)}` },
      },
      {
        type: 'setThumbnail',
        entryId: 'v',
        thumbnail: { index: -1, image: 'data:image/webp;base64,UklGRg==' },
      },
    ];
    for (const request of bad) expect(await route(request, popup)).toMatchObject({ ok: false });
    expect(seen).toHaveLength(good.length);
  });

  it('rejects malformed payloads with the offending field', async () => {
    const route = createRouter(handlers(), self);
    for (const bad of [null, 'ping', { type: 'nope' }, { type: 'generateImage', prompt: 42 }]) {
      const response = await route(bad, popup);
      expect(response.ok).toBe(false);
      if (!response.ok) expect(response.error.kind).toBe('invalid_request');
    }
    const response = await route(
      {
        type: 'submitVideo',
        prompt: 'x',
        options: { duration: 0, resolution: '720p', aspectRatio: '16:9', generateAudio: true },
      },
      popup,
    );
    expect(response).toMatchObject({ ok: false, error: { kind: 'invalid_request' } });
    if (!response.ok) expect(response.error.message).toContain('options.duration');
    // A field of the wrong type is named with what was expected.
    const noResolution = { duration: 5, aspectRatio: '16:9', generateAudio: true };
    expect(await route({ type: 'submitVideo', prompt: 'x', options: noResolution }, popup)).toMatchObject({
      error: {
        message: 'Invalid request (options.resolution): Invalid input: expected string, received undefined',
      },
    });
    // The option the type names reports its own issue, a wrong type of a field included.
    expect(await route({ type: 'generateImage', prompt: 42 }, popup)).toMatchObject({
      error: { message: 'Invalid request (prompt): Invalid input: expected string, received number' },
    });
    for (const unknown of [null, 'ping', { type: 'nope' }]) {
      expect(await route(unknown, popup)).toMatchObject({
        error: { message: 'Invalid request (type): Invalid input' },
      });
    }
  });

  it('turns handler failures into their error info', async () => {
    const route = createRouter(
      handlers({
        refreshBalance: async () => {
          throw new AppError('not_configured', 'Set it up');
        },
        clearHistory: async () => {
          throw new TypeError('kaboom');
        },
      }),
      self,
    );
    expect(await route({ type: 'refreshBalance' }, popup)).toEqual({
      ok: false,
      error: { kind: 'not_configured', message: 'Set it up' },
    });
    expect(await route({ type: 'clearHistory' }, popup)).toMatchObject({
      ok: false,
      error: { kind: 'unexpected' },
    });
  });
});
