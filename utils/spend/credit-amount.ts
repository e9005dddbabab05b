import * as z from 'zod/mini';
import { isCreditAmount } from './credits';

/** An amount of credits as stored: finite, not negative, exact to the thousandth (credits.ts). */
export const creditAmount = () =>
  z
    .number()
    .check(
      z.refine(isCreditAmount, { error: 'Invalid input: expected credits to the thousandth', abort: true }),
    );
