import * as z from 'zod/mini';
import { rule, videoOptionsSchema } from '../api/schemas';
import { creditAmount } from '../spend/credit-amount';
import {
  baseUrlProblem,
  MAX_FILE_NAME_TEMPLATE,
  modelFieldProblem,
  NUMBER_LIMITS,
  normaliseBaseUrl,
} from '../validation';
import { wholeNumber } from '../whole-number';

export { type VideoOptions, videoOptionsSchema } from '../api/schemas';

const limited = ({ min, max }: { min: number; max: number }) => wholeNumber().check(z.gte(min), z.lte(max));
/** An amount of credits in range, exact to the thousandth: budgets follow the service's own prices (7.5). */
const creditsLimited = ({ min, max }: { min: number; max: number }) =>
  creditAmount().check(z.gte(min), z.lte(max));

const optionalBaseUrl = (value: string) => (value === '' ? undefined : baseUrlProblem(value));

export const baseUrlSchema = z.string().check(z.trim(), rule(baseUrlProblem), z.overwrite(normaliseBaseUrl));

export const settingsSchema = z.object({
  /** Empty until the person sets up the service. */
  baseUrl: z.string().check(
    z.trim(),
    rule(optionalBaseUrl),
    z.overwrite((value) => (value === '' ? '' : normaliseBaseUrl(value))),
  ),
  modelId: z.string().check(z.trim(), z.maxLength(200)),
  modelField: z.string().check(z.trim(), rule(modelFieldProblem)),
  videoDefaults: videoOptionsSchema,
  /** How often a pending job is checked while the worker is awake; alarms may stretch it when asleep. */
  pollIntervalSec: limited(NUMBER_LIMITS.pollIntervalSec),
  jobTimeoutMin: limited(NUMBER_LIMITS.jobTimeoutMin),
  requestTimeoutSec: limited(NUMBER_LIMITS.requestTimeoutSec),
  /** An image request's own time-out: the service answers it only once the image is made, which may take minutes. */
  imageTimeoutSec: limited(NUMBER_LIMITS.imageTimeoutSec),
  /** Whether finished results are copied into the extension, as services delete their files after a while. */
  keepCopies: z.boolean(),
  /** The space kept copies may take; the oldest are evicted beyond it. */
  copyCapMb: limited(NUMBER_LIMITS.copyCapMb),
  /** Past this many entries the oldest finished ones are offered for removal; never removed unasked. */
  historyLimit: limited(NUMBER_LIMITS.historyLimit),
  /** The person's rule: finished, unstarred results older than this many days are removed (0: never). */
  historyDropAfterDays: limited(NUMBER_LIMITS.historyDropAfterDays),
  /** Whether the direct context-menu entries open the selection in the side panel to review first. */
  reviewSelection: z.boolean(),
  /** Whether a PNG saved from the extension carries its prompt, model and date in text chunks. */
  promptInFiles: z.boolean(),
  /**
   * How saved files are named: text and `{date}`, `{time}`, `{prompt}`, `{kind}`, `{model}`, `{n}`. Bounded
   * here; its placeholders are checked where it is typed (fromForm), since any text renders to a safe name.
   */
  fileNameTemplate: z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_FILE_NAME_TEMPLATE)),
  confirmBatchAbove: limited(NUMBER_LIMITS.confirmBatchAbove),
  /** Spending limits of this profile's account, in its credits (budgets.ts); 0: none. */
  dailyBudget: creditsLimited(NUMBER_LIMITS.dailyBudget),
  monthlyBudget: creditsLimited(NUMBER_LIMITS.monthlyBudget),
  lowBalanceBelow: creditsLimited(NUMBER_LIMITS.lowBalanceBelow),
});
export type Settings = z.infer<typeof settingsSchema>;
