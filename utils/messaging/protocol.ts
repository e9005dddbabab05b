import * as z from 'zod/mini';
import { errorInfoSchema } from '../errors';
import { historyEntrySchema } from '../history/schema';
import { settingsSchema, videoOptionsSchema } from '../settings/schema';

/**
 * The one message protocol between extension pages and the background. The background validates every
 * request against these schemas; pages import only the inferred types, so zod stays out of their bundles.
 */

const apiKeySchema = z.string().check(z.trim(), z.minLength(1), z.maxLength(500));

export const requestSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ping') }),
  z.object({
    type: z.literal('getState'),
    historyLimit: z.optional(z.int().check(z.positive(), z.lte(1000))),
  }),
  z.object({ type: z.literal('refreshBalance') }),
  z.object({ type: z.literal('generateImage'), prompt: z.string() }),
  z.object({ type: z.literal('submitVideo'), prompt: z.string(), options: videoOptionsSchema }),
  z.object({
    type: z.literal('saveSettings'),
    settings: settingsSchema,
    /** A new key replaces the stored one; the stored key is never sent back. */
    apiKey: z.optional(apiKeySchema),
    removeApiKey: z.optional(z.boolean()),
  }),
  z.object({
    type: z.literal('testConnection'),
    baseUrl: z.string(),
    /** A key typed but not saved yet; without it the stored key is used. */
    apiKey: z.optional(apiKeySchema),
  }),
  z.object({ type: z.literal('removeHistoryEntry'), id: z.string() }),
  z.object({ type: z.literal('clearHistory') }),
]);
export type Request = z.infer<typeof requestSchema>;
export type RequestType = Request['type'];

export const balanceSchema = z.object({ value: z.number(), fetchedAt: z.number() });
export type Balance = z.infer<typeof balanceSchema>;

export const keyStatusSchema = z.object({
  set: z.boolean(),
  last4: z.optional(z.string().check(z.maxLength(4))),
});
export type KeyStatus = z.infer<typeof keyStatusSchema>;

export const stateSchema = z.object({
  settings: settingsSchema,
  key: keyStatusSchema,
  balance: z.nullable(balanceSchema),
  balanceError: z.optional(errorInfoSchema),
  history: z.array(historyEntrySchema),
  historyTotal: z.int(),
  now: z.number(),
});
export type State = z.infer<typeof stateSchema>;

/** What each request answers with when it succeeds. */
export interface ResponseData {
  ping: { ok: true };
  getState: State;
  refreshBalance: Balance;
  generateImage: z.infer<typeof historyEntrySchema>;
  submitVideo: z.infer<typeof historyEntrySchema>;
  saveSettings: State;
  testConnection: { balance: number };
  removeHistoryEntry: { removed: boolean };
  clearHistory: { removed: number };
}

export type Response<T extends RequestType> =
  | { ok: true; data: ResponseData[T] }
  | { ok: false; error: z.infer<typeof errorInfoSchema> };

export type RequestOf<T extends RequestType> = Extract<Request, { type: T }>;
