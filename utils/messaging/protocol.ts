import * as z from 'zod/mini';
import { rule } from '../api/schemas';
import type { RestorePreview } from '../backup/backup-plan';
import { backupPlaceSchema } from '../backup/backup-schema';
import { batchSizeProblem, MAX_BATCH } from '../batch/batch-state';
import type { errorInfoSchema } from '../errors';
import { historyEntrySchema } from '../history/schema';
import { MIN_PASSPHRASE } from '../keys/key-lock-rules';
import { libraryIdSchema, libraryPromptFieldsSchema, librarySchema, MAX_LIBRARY } from '../library/schema';
import { MAX_PROFILE_MODELS } from '../profiles/limits';
import { idTwice } from '../profiles/model-rules';
import { profileModelsSchema, profileNameSchema } from '../profiles/schema';
import { settingsSchema, videoOptionsSchema } from '../settings/schema';
import { apiKeyProblem, promptProblem } from '../validation';
import { wholeNumber } from '../whole-number';

/**
 * The commands extension pages send to the background; what pages show they read from storage
 * (utils/storage/items.ts). The background validates every
 * request against these schemas; pages import only the inferred types, so zod stays out of their bundles.
 */

const apiKeySchema = z.string().check(z.trim(), z.minLength(1), z.maxLength(500), rule(apiKeyProblem));

/** Bulk actions name entries by id; the history holds at most 50,000. */
const entryIdsSchema = z.array(z.string().check(z.maxLength(200))).check(z.minLength(1), z.maxLength(50_000));

export const collectionNameSchema = z.string().check(z.trim(), z.minLength(1), z.maxLength(60));

const profileIdSchema = z.string().check(z.minLength(1), z.maxLength(100));

/** The lock's own rule; only setting or changing it asks for this (an unlock tries whatever is typed). */
const newPassphraseSchema = z.string().check(z.minLength(MIN_PASSPHRASE), z.maxLength(1000));
const passphraseSchema = z.string().check(z.maxLength(1000));
/** Minutes without use before the keys lock again; 0: only when the browser closes. At most a week. */
const idleMinSchema = wholeNumber().check(z.nonnegative(), z.lte(10_080));

/** The person's explicit choice to use the key saved for another origin with this service URL. */
const reuseKeySchema = z.optional(z.boolean());

/** The person's choice, after a budget stopped this request, to go on this once. */
const overBudget = z.optional(z.literal(true));
/** A library prompt's own model, sent instead of the profile's. */
const modelSchema = libraryPromptFieldsSchema.shape.model;

/** The models a comparison sends to, as the settings name a model ('' is the service's default), each once. */
const comparedModelsSchema = z.array(settingsSchema.shape.modelId).check(
  z.minLength(2),
  z.maxLength(MAX_PROFILE_MODELS),
  z.refine((ids: string[]) => idTwice(ids) === undefined),
);

/** A backup's place, with the password or secret key typed for it (without one, the stored one is used). */
const backupPlaceFields = {
  place: backupPlaceSchema,
  credential: z.optional(z.string().check(z.minLength(1), z.maxLength(1000))),
};

/**
 * Every request, told apart by its `type`. Not a zod union: `parseRequest` checks a message against the
 * one request its type names, so the issue it reports is that request's own and nothing else is tried, as
 * zod's discriminated union would, which cost the worker 0.8 KB of gzip.
 */
const requestSchemas = [
  z.object({ type: z.literal('ping') }),
  z.object({ type: z.literal('refreshBalance') }),
  z.object({ type: z.literal('generateImage'), prompt: z.string(), model: modelSchema, overBudget }),
  z.object({
    type: z.literal('submitVideo'),
    prompt: z.string(),
    options: videoOptionsSchema,
    model: modelSchema,
    overBudget,
  }),
  /**
   * Each prompt becomes its own entry; `options` are the videos' (the settings' defaults without them). With
   * `models`, a comparison: each prompt (one is enough) goes to each model, at most MAX_BATCH generations.
   */
  z
    .object({
      type: z.literal('generateBatch'),
      kind: z.enum(['image', 'video']),
      prompts: z.array(z.string().check(rule(promptProblem))).check(z.minLength(1), z.maxLength(MAX_BATCH)),
      options: z.optional(videoOptionsSchema),
      model: modelSchema,
      models: z.optional(comparedModelsSchema),
      overBudget,
    })
    .check(rule(({ prompts, models }) => batchSizeProblem(prompts.length, models?.length))),
  /** Pauses (or resumes) the prompts of a batch not sent yet. */
  z.object({ type: z.literal('pauseBatch'), batchId: z.string(), paused: z.boolean() }),
  /** Cancels the prompts of a batch not sent yet: those named, or all of them without `ids`. */
  z.object({ type: z.literal('cancelBatchEntries'), batchId: z.string(), ids: z.optional(entryIdsSchema) }),
  z.object({
    type: z.literal('saveSettings'),
    settings: settingsSchema,
    /** A new key replaces the stored one; the stored key is never sent back. */
    apiKey: z.optional(apiKeySchema),
    reuseKey: reuseKeySchema,
  }),
  z.object({ type: z.literal('removeApiKey') }),
  z.object({
    type: z.literal('testConnection'),
    baseUrl: z.string(),
    /** A key typed but not saved yet; without it the stored key is used, if it belongs to this origin. */
    apiKey: z.optional(apiKeySchema),
    reuseKey: reuseKeySchema,
  }),
  z.object({ type: z.literal('removeHistoryEntry'), id: z.string() }),
  /** Bulk delete: the entries and their kept copies go in one change. */
  z.object({ type: z.literal('removeEntries'), ids: entryIdsSchema }),
  z.object({ type: z.literal('setFavourite'), ids: entryIdsSchema, favourite: z.boolean() }),
  /** A frame as the picture of one of a video's files in lists; without one, its own first frame again. */
  z.object({
    type: z.literal('setThumbnail'),
    entryId: z.string(),
    thumbnail: historyEntrySchema.shape.thumbnail,
  }),
  /** Adds the entries to the named collection (`member: true`) or takes them out of it. */
  z.object({
    type: z.literal('setCollection'),
    ids: entryIdsSchema,
    collection: collectionNameSchema,
    member: z.boolean(),
  }),
  /**
   * Removes the oldest finished entries past the cap that are not favourites, at most `removeUpTo` (the number
   * the options page showed the person when they agreed).
   */
  z.object({ type: z.literal('trimHistory'), removeUpTo: wholeNumber().check(z.nonnegative()) }),
  z.object({ type: z.literal('clearHistory') }),
  /** Without an index, every file of the entry. */
  z.object({
    type: z.literal('download'),
    entryId: z.string(),
    index: z.optional(wholeNumber().check(z.nonnegative())),
  }),
  /** Sent after the page obtained access to the media host in the person's click. */
  z.object({ type: z.literal('keepCopy'), entryId: z.string() }),
  /** A result larger than the space for copies: raise the cap just enough for it, then keep it. */
  z.object({ type: z.literal('keepAnyway'), entryId: z.string() }),
  z.object({ type: z.literal('deleteAllCopies') }),
  /**
   * The entries of a history file the page read and checked (utils/history/page/history-file.ts), as stored
   * entries in a JSON Blob the page names by its `blob:` URL: 50,000 entries sent in the message itself held
   * the page for 150-300 ms while the browser copied them. Only this extension's pages can fetch its blob URLs.
   * `removeUpTo`: how many stored entries the person agreed may be pushed out by the cap (none unless asked).
   */
  z.object({
    type: z.literal('importHistory'),
    entries: z.string().check(z.refine((url: string) => url.startsWith('blob:'))),
    removeUpTo: z.optional(wholeNumber().check(z.nonnegative())),
  }),
  /** The side panel filled its form from this draft: clear it, unless a newer one replaced it. */
  z.object({ type: z.literal('takeComposerDraft'), id: z.string() }),
  /** Puts a prompt into the side panel's form (the page opens the panel itself, in its click). */
  z.object({
    type: z.literal('composeDraft'),
    prompt: z.string().check(z.maxLength(100_000)),
    kind: z.enum(['image', 'video']),
    options: z.optional(videoOptionsSchema),
  }),
  /** The stored entry's request again, as a new entry. */
  z.object({ type: z.literal('regenerate'), entryId: z.string(), overBudget }),
  z.object({ type: z.literal('switchProfile'), id: profileIdSchema }),
  z.object({ type: z.literal('addProfile'), name: profileNameSchema }),
  z.object({ type: z.literal('renameProfile'), id: profileIdSchema, name: profileNameSchema }),
  z.object({ type: z.literal('duplicateProfile'), id: profileIdSchema }),
  /** The profile's whole list of models, replacing the one it had. */
  z.object({ type: z.literal('setProfileModels'), id: profileIdSchema, models: profileModelsSchema }),
  /** Without `endPending`, a profile with pending jobs is not deleted: the answer counts them for the person to confirm. */
  z.object({ type: z.literal('deleteProfile'), id: profileIdSchema, endPending: z.optional(z.boolean()) }),
  /** The key lock (README "Key lock"): no answer ever carries a key or the passphrase back. */
  z.object({ type: z.literal('setKeyLock'), passphrase: newPassphraseSchema, idleMin: idleMinSchema }),
  z.object({ type: z.literal('unlockKeys'), passphrase: passphraseSchema }),
  z.object({ type: z.literal('lockKeys') }),
  z.object({ type: z.literal('changePassphrase'), passphrase: passphraseSchema, next: newPassphraseSchema }),
  z.object({ type: z.literal('removeKeyLock'), passphrase: passphraseSchema }),
  /** "Forget keys when the browser closes" (session) or not (plain); without a passphrase lock only. */
  z.object({ type: z.literal('setKeyMode'), mode: z.enum(['plain', 'session']) }),
  z.object({ type: z.literal('setLockIdle'), idleMin: idleMinSchema }),
  /** The prompt library (README "Prompt library"): without an id, a new prompt. */
  z.object({
    type: z.literal('savePrompt'),
    prompt: z.object({ id: z.optional(libraryIdSchema), ...libraryPromptFieldsSchema.shape }),
  }),
  z.object({
    type: z.literal('removePrompts'),
    ids: z.array(libraryIdSchema).check(z.maxLength(MAX_LIBRARY)),
  }),
  /** To an index of the library's order. */
  z.object({ type: z.literal('movePrompt'), id: libraryIdSchema, to: wholeNumber().check(z.nonnegative()) }),
  /** A library file as parsed JSON, checked whole in the background (utils/library/schema.ts). */
  /** The prompts of a library file the page read and checked (utils/library/file.ts). */
  z.object({
    type: z.literal('importLibrary'),
    prompts: librarySchema.shape.prompts,
    replace: z.optional(z.boolean()),
  }),
  /** The backup (README "Backup"): no answer ever carries a credential, a passphrase or the backup's root. */
  z.object({ type: z.literal('testBackup'), ...backupPlaceFields }),
  z.object({
    type: z.literal('setUpBackup'),
    ...backupPlaceFields,
    passphrase: passphraseSchema,
    /** The backup opens with the key lock's passphrase, and follows it when it changes: `passphrase` is unused. */
    keyLock: z.optional(z.literal(true)),
    auto: z.boolean(),
  }),
  z.object({ type: z.literal('previewRestore'), ...backupPlaceFields, passphrase: passphraseSchema }),
  /** `removeUpTo`: how many stored entries the person agreed the history's cap may push out. */
  z.object({
    type: z.literal('startRestore'),
    ...backupPlaceFields,
    passphrase: passphraseSchema,
    removeUpTo: z.optional(wholeNumber().check(z.nonnegative())),
  }),
  z.object({ type: z.literal('runBackup') }),
  z.object({ type: z.literal('setBackupAuto'), auto: z.boolean() }),
  /** Forgets the backup here; nothing on the target is removed. */
  z.object({ type: z.literal('forgetBackup') }),
];
export type Request = z.infer<(typeof requestSchemas)[number]>;

/** The message checked as the request its `type` names; undefined for a type no request has. */
export const parseRequest = (message: unknown) =>
  requestSchemas
    .find((schema) => schema.shape.type.def.values[0] === (message as { type?: unknown } | null)?.type)
    ?.safeParse(message);
export type RequestType = Request['type'];

export const balanceSchema = z.object({ value: z.number(), fetchedAt: z.number() });
export type Balance = z.infer<typeof balanceSchema>;

// Its own module: the type is all the background needs, so the schema (and zod's record) stays out of it.
export type { KeyStatus } from '../keys/key-status-schema';

/** What each request answers with when it succeeds. */
export interface ResponseData {
  ping: { ok: true };
  refreshBalance: Balance;
  generateImage: z.infer<typeof historyEntrySchema>;
  submitVideo: z.infer<typeof historyEntrySchema>;
  /** The batch is recorded; its entries are sent in the background. */
  generateBatch: { batchId: string; count: number };
  /** The waiting entries marked (or cleared). */
  pauseBatch: { changed: number };
  /** The entries that ended unsent; one already sent is not among them. */
  cancelBatchEntries: { cancelled: number };
  saveSettings: { saved: true };
  removeApiKey: { removed: true };
  testConnection: { balance: number };
  removeHistoryEntry: { removed: boolean };
  removeEntries: { removed: number };
  setFavourite: { changed: number };
  setThumbnail: { changed: number };
  setCollection: { changed: number };
  trimHistory: { removed: number };
  clearHistory: { removed: number };
  download: { started: number };
  keepCopy: { keeping: true };
  keepAnyway: { keeping: true; copyCapMb: number };
  deleteAllCopies: { deleted: true };
  /**
   * `skipped`: entries whose ids the history already had. Not imported: it would push out `removing` stored
   * entries (with their copies) to add `adding`, more than `removeUpTo` allowed; nothing was changed.
   */
  importHistory:
    | { imported: true; added: number; skipped: number; removed: number }
    | { imported: false; adding: number; removing: number };
  takeComposerDraft: { taken: boolean };
  composeDraft: { id: string };
  regenerate: z.infer<typeof historyEntrySchema>;
  switchProfile: { activeId: string };
  addProfile: { id: string };
  renameProfile: { renamed: true };
  duplicateProfile: { id: string };
  setProfileModels: { saved: true };
  deleteProfile: { deleted: true; ended: number } | { deleted: false; pending: number };
  setKeyLock: { done: true };
  unlockKeys: { done: true };
  lockKeys: { done: true };
  changePassphrase: { done: true };
  removeKeyLock: { done: true };
  setKeyMode: { done: true };
  setLockIdle: { done: true };
  savePrompt: { id: string };
  removePrompts: { removed: number };
  movePrompt: { index: number };
  /** `added`: prompts of new ids; `total`: the library's size after the import. */
  importLibrary: { added: number; total: number };
  testBackup: { ok: true };
  /** Not saved: the place holds another browser's backup, shown here, to restore first. */
  setUpBackup: { saved: true } | { saved: false; restoreFirst: RestorePreview };
  previewRestore: RestorePreview;
  startRestore: { started: true };
  runBackup: { started: true };
  setBackupAuto: { done: true };
  forgetBackup: { done: true };
}

export type Response<T extends RequestType> =
  | { ok: true; data: ResponseData[T] }
  | { ok: false; error: z.infer<typeof errorInfoSchema> };

export type RequestOf<T extends RequestType> = Extract<Request, { type: T }>;
