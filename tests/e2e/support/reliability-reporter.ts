import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { RECORD_ANNOTATION, RECORDS_FILE, type ScenarioRecord, SUMMARY_FILE } from './reliability-records';

const RELIABILITY_DIR = `${path.sep}reliability${path.sep}`;

interface Outcome {
  title: string;
  status: TestResult['status'];
  records: ScenarioRecord[];
}

/**
 * Prints one line per reliability scenario and a totals line after the run. The figures come from the
 * records each test attached (see reliability-report.ts); a test that failed before recording still gets
 * a FAIL line under its title, and counts as a scenario that did not pass.
 */
export default class ReliabilityReporter implements Reporter {
  private readonly outcomes = new Map<string, Outcome>();

  onTestEnd(test: TestCase, result: TestResult): void {
    if (!test.location.file.includes(RELIABILITY_DIR)) return;
    const annotations = [...(result.annotations ?? []), ...test.annotations];
    const seen = new Set<string>();
    const records: ScenarioRecord[] = [];
    for (const annotation of annotations) {
      if (annotation.type !== RECORD_ANNOTATION || !annotation.description) continue;
      if (seen.has(annotation.description)) continue;
      seen.add(annotation.description);
      try {
        records.push(JSON.parse(annotation.description) as ScenarioRecord);
      } catch {
        // Not ours; ignore.
      }
    }
    this.outcomes.set(test.id, { title: test.title, status: result.status, records });
  }

  onEnd(result: FullResult): void {
    if (this.outcomes.size === 0) return;
    const lines: string[] = [];
    const all: ScenarioRecord[] = [];
    const totals = { scenarios: 0, passed: 0, submitted: 0, completed: 0, failed: 0, lost: 0, leaks: 0 };
    for (const outcome of this.outcomes.values()) {
      const passed = outcome.status === 'passed';
      if (outcome.records.length === 0) {
        totals.scenarios++;
        lines.push(`FAIL ${outcome.title}: ${outcome.status} without recording its figures`);
        continue;
      }
      for (const line of outcome.records) {
        all.push(line);
        totals.scenarios++;
        if (passed) totals.passed++;
        totals.submitted += line.submitted;
        totals.completed += line.completed;
        totals.failed += line.failedWithMessage;
        totals.lost += line.lost;
        totals.leaks += line.keyLeaks;
        lines.push(
          `${passed ? 'PASS' : 'FAIL'} ${line.scenario}: submitted ${line.submitted}, completed ${line.completed}, ` +
            `failed with a message ${line.failedWithMessage}, lost ${line.lost}, key leaks ${line.keyLeaks}` +
            (line.note ? ` (${line.note})` : ''),
        );
      }
    }
    lines.push(
      `TOTAL scenarios passed ${totals.passed}/${totals.scenarios}, jobs submitted ${totals.submitted}, ` +
        `jobs completed ${totals.completed}, jobs failed with a message ${totals.failed}, ` +
        `jobs lost ${totals.lost}, key leaks ${totals.leaks} (run ${result.status})`,
    );
    const text = lines.map((line) => `[reliability] ${line}`).join('\n');
    console.log(`\n${text}`);
    try {
      mkdirSync(path.dirname(SUMMARY_FILE), { recursive: true });
      writeFileSync(SUMMARY_FILE, `${text}\n`);
      // This run's complete set, whatever happened to the file the tests appended to.
      writeFileSync(RECORDS_FILE, all.map((line) => `${JSON.stringify(line)}\n`).join(''));
    } catch {
      // The printed summary above is what matters.
    }
  }

  printsToStdio(): boolean {
    return false;
  }
}
