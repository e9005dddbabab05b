import { z } from 'zod';
import { errorInfoSchema } from '../errors';
import { historyEntrySchema } from '../history/schema';
import { settingsSchema, videoOptionsSchema } from '../settings/schema';

/**
 * The one message protocol between extension pages and the background. The background validates every
 * request against these schemas; pages import only the inferred types, so zod stays out of their bundles.
 */

export const requestSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ping') }),
  z.object({ type: z.literal('getState'), historyLimit: z.number().int().positive().max(1000).optional() }),
  z.object({ type: z.literal('refreshBalance') }),
  z.object({ type: z.literal('generateImage'), prompt: z.string() }),
  z.object({ type: z.literal('submitVideo'), prompt: z.string(), options: videoOptionsSchema }),
  z.object({
    type: z.literal('saveSettings'),
    settings: settingsSchema,
    /** A new key replaces the stored one; the stored key is never sent back. */
    apiKey: z.string().trim().min(1).max(500).optional(),
    removeApiKey: z.boolean().optional(),
  }),
  z.object({
    type: z.literal('testConnection'),
    baseUrl: z.string(),
    /** A key typed but not saved yet; without it the stored key is used. */
    apiKey: z.string().trim().min(1).max(500).optional(),
  }),
  z.object({ type: z.literal('removeHistoryEntry'), id: z.string() }),
  z.object({ type: z.literal('clearHistory') }),
]);
export type Request = z.infer<typeof requestSchema>;
export type RequestType = Request['type'];

export const balanceSchema = z.object({ value: z.number(), fetchedAt: z.number() });
export type Balance = z.infer<typeof balanceSchema>;

export const keyStatusSchema = z.object({ set: z.boolean(), last4: z.string().max(4).optional() });
export type KeyStatus = z.infer<typeof keyStatusSchema>;

export const stateSchema = z.object({
  settings: settingsSchema,
  key: keyStatusSchema,
  balance: balanceSchema.nullable(),
  balanceError: errorInfoSchema.optional(),
  history: z.array(historyEntrySchema),
  historyTotal: z.number().int(),
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
