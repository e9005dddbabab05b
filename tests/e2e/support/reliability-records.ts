import path from 'node:path';
import { repoRoot } from './paths';

/** Where reliability tests append their figures as JSON lines (and the reporter writes the run's set). */
export const RECORDS_FILE = path.join(repoRoot, 'test-results', 'reliability', 'records.jsonl');
export const SUMMARY_FILE = path.join(repoRoot, 'test-results', 'reliability', 'summary.txt');

/**
 * The annotation type that carries one record to the reporter. Annotations travel with the test result
 * through Playwright itself, so the summary holds even when a concurrent run in the same checkout clears
 * test-results/ (Playwright does that at every start) while this one is running.
 */
export const RECORD_ANNOTATION = 'reliability-record';

export interface Figures {
  submitted: number;
  completed: number;
  failedWithMessage: number;
  lost: number;
  keyLeaks: number;
}

export interface ScenarioRecord extends Figures {
  scenario: string;
  /** Playwright's id of the test that recorded it, so the reporter can say whether it passed. */
  testId: string;
  title: string;
  at: number;
  note?: string;
}
