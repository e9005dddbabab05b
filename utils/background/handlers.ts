import {
  forgetBackup,
  previewRestore,
  runBackupNow,
  setBackupAuto,
  setUpBackup,
  startRestore,
  testBackup,
} from '@/utils/backup/commands';
import { refreshBalance } from '@/utils/balance/background';
import { generateBatch } from '@/utils/batch/background';
import { cancelBatchEntries, pauseBatch } from '@/utils/batch/commands';
import { downloadEntry } from '@/utils/downloads/commands';
import {
  clearHistory,
  removeEntries,
  removeHistoryEntry,
  setCollection,
  setFavourite,
  setThumbnail,
  trimHistory,
} from '@/utils/history/background';
import { importHistory } from '@/utils/history/commands';
import {
  changePassphrase,
  lockKeys,
  removeKeyLock,
  setKeyLock,
  setKeyMode,
  setLockIdle,
  unlockKeys,
} from '@/utils/keys/commands';
import { importLibrary, movePrompt, removePrompts, savePrompt } from '@/utils/library/commands';
import {
  addProfile,
  deleteProfile,
  duplicateProfile,
  renameProfile,
  setProfileModels,
  switchProfile,
} from '@/utils/profiles/commands';
import { generateImage, submitVideo } from '@/utils/prompts/background';
import { regenerate } from '@/utils/prompts/commands';
import { removeApiKey, saveSettings, testConnection } from '@/utils/settings/commands';
import { composeDraft, takeComposerDraft } from '@/utils/side-panel/background';
import type { Handlers } from '../messaging/router';
import type { Context } from './context';

/** Each command a page may send, mapped to the feature that carries it out. */
export function createHandlers(ctx: Context): Handlers {
  return {
    ping: async () => ({ ok: true }),
    refreshBalance: () => refreshBalance(ctx),
    generateImage: ({ prompt, model, overBudget }) =>
      generateImage(ctx, prompt, 'popup', { model, overBudget }),
    submitVideo: ({ prompt, options, model, overBudget }) =>
      submitVideo(ctx, prompt, options, 'popup', { model, overBudget }),
    generateBatch: (request) => generateBatch(ctx, request),
    pauseBatch: (request) => pauseBatch(ctx, request),
    cancelBatchEntries: (request) => cancelBatchEntries(ctx, request),
    saveSettings: (request) => saveSettings(ctx, request),
    removeApiKey: () => removeApiKey(ctx),
    testConnection: (request) => testConnection(ctx, request),
    removeHistoryEntry: ({ id }) => removeHistoryEntry(ctx, id),
    removeEntries: (request) => removeEntries(ctx, request),
    setFavourite: (request) => setFavourite(ctx, request),
    setThumbnail: (request) => setThumbnail(ctx, request),
    setCollection: (request) => setCollection(ctx, request),
    trimHistory: (request) => trimHistory(ctx, request),
    clearHistory: () => clearHistory(ctx),
    download: (request) => downloadEntry(ctx, request),
    keepCopy: ({ entryId }) => ctx.copies.keepRequested(entryId),
    keepAnyway: ({ entryId }) => ctx.copies.keepAnyway(entryId),
    deleteAllCopies: async () => {
      await ctx.copies.deleteAll();
      return { deleted: true };
    },
    importHistory: (request) => importHistory(ctx, request),
    takeComposerDraft: ({ id }) => takeComposerDraft(ctx, id),
    composeDraft: ({ prompt, kind, options }) =>
      composeDraft(ctx, { prompt, kind, ...(options ? { options } : {}) }),
    regenerate: ({ entryId, overBudget }) => regenerate(ctx, entryId, overBudget),
    switchProfile: (request) => switchProfile(ctx, request),
    addProfile: (request) => addProfile(ctx, request),
    renameProfile: (request) => renameProfile(ctx, request),
    duplicateProfile: (request) => duplicateProfile(ctx, request),
    setProfileModels: (request) => setProfileModels(ctx, request),
    deleteProfile: (request) => deleteProfile(ctx, request),
    setKeyLock: (request) => setKeyLock(ctx, request),
    unlockKeys: (request) => unlockKeys(ctx, request),
    lockKeys: () => lockKeys(ctx),
    changePassphrase: (request) => changePassphrase(ctx, request),
    removeKeyLock: (request) => removeKeyLock(ctx, request),
    setKeyMode: (request) => setKeyMode(ctx, request),
    setLockIdle: (request) => setLockIdle(ctx, request),
    savePrompt: (request) => savePrompt(ctx, request),
    removePrompts,
    movePrompt,
    importLibrary,
    testBackup: (request) => testBackup(ctx, request),
    setUpBackup: (request) => setUpBackup(ctx, request),
    previewRestore: (request) => previewRestore(ctx, request),
    startRestore: (request) => startRestore(ctx, request),
    runBackup: () => runBackupNow(ctx),
    setBackupAuto: (request) => setBackupAuto(ctx, request),
    forgetBackup: () => forgetBackup(ctx),
  };
}
