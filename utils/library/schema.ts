import * as z from 'zod/mini';
import { videoOptionsSchema } from '../settings/schema';
import { MAX_PROMPT_LENGTH } from '../validation';
import {
  LIBRARY_FORMAT,
  MAX_LIBRARY,
  MAX_LIBRARY_MODEL,
  MAX_LIBRARY_NAME,
  MAX_LIBRARY_TAG,
  MAX_LIBRARY_TAGS,
} from './limits';

export { MAX_LIBRARY };

const kindSchema = z.enum(['image', 'video']);

/**
 * A prompt as the person saved it, without what the background stamps on it (id and dates): what a page
 * sends to save one. The text is kept as typed (templates and variations included); it is checked against
 * the prompt rules only once it is filled in and sent.
 */
export const libraryPromptFieldsSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_LIBRARY_NAME)),
  text: z.string().check(z.minLength(1), z.maxLength(MAX_PROMPT_LENGTH)),
  tags: z
    .array(z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_LIBRARY_TAG)))
    .check(z.maxLength(MAX_LIBRARY_TAGS)),
  kind: z.optional(kindSchema),
  options: z.optional(videoOptionsSchema),
  model: z.optional(z.string().check(z.maxLength(MAX_LIBRARY_MODEL))),
  /** Offered in the context menu for this kind of result. */
  pin: z.optional(kindSchema),
});

export const libraryIdSchema = z.string().check(z.minLength(1), z.maxLength(100));

export const libraryPromptSchema = z.object({
  id: libraryIdSchema,
  ...libraryPromptFieldsSchema.shape,
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type LibraryPrompt = z.infer<typeof libraryPromptSchema>;

/** The library in storage; the order of `prompts` is the person's. */
export const librarySchema = z.object({
  v: z.literal(1),
  prompts: z.array(libraryPromptSchema).check(z.maxLength(MAX_LIBRARY)),
});
export type Library = z.infer<typeof librarySchema>;

/** A library file: the stored shape, named. */
export const libraryFileSchema = z.object({ format: z.literal(LIBRARY_FORMAT), ...librarySchema.shape });
