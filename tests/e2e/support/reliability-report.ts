import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { test } from '@playwright/test';
import type { HistoryEntry } from '../../../utils/history/schema';
import { type Figures, RECORD_ANNOTATION, RECORDS_FILE, type ScenarioRecord } from './reliability-records';

export type { Figures };

/**
 * Records one scenario's figures for the summary. Call it before the final assertions, so that a failing
 * run still reports what it saw.
 */
export function record(figures: Figures & { scenario: string; note?: string }): void {
  const info = test.info();
  const line: ScenarioRecord = {
    ...figures,
    testId: info.testId,
    title: info.title,
    at: Date.now(),
  };
  info.annotations.push({ type: RECORD_ANNOTATION, description: JSON.stringify(line) });
  try {
    mkdirSync(path.dirname(RECORDS_FILE), { recursive: true });
    // One short write per line: appends from the two Playwright workers do not interleave.
    appendFileSync(RECORDS_FILE, `${JSON.stringify(line)}\n`);
  } catch {
    // The file is a convenience; the annotation above is what the reporter counts.
  }
}

/**
 * Counts what became of the jobs a scenario submitted, from the history as stored. A job is lost when
 * its entry is gone, or is still running with no reason given (nobody would ever hear about it).
 */
export function tally(
  history: readonly HistoryEntry[],
  submittedIds: readonly string[],
): Omit<Figures, 'keyLeaks'> {
  const byId = new Map(history.map((entry) => [entry.id, entry]));
  let completed = 0;
  let failedWithMessage = 0;
  let lost = 0;
  for (const id of new Set(submittedIds)) {
    const entry = byId.get(id);
    if (!entry) lost++;
    else if (entry.status === 'completed' && entry.urls.length > 0) completed++;
    else if (entry.status === 'failed' && (entry.error?.message.trim() ?? '') !== '') failedWithMessage++;
    else if (entry.status === 'running' && !entry.error) lost++;
    // A failed entry without a message is neither completed nor explained: count it as lost too.
    else if (entry.status !== 'running') lost++;
  }
  return { submitted: new Set(submittedIds).size, completed, failedWithMessage, lost };
}
