/**
 * Video jobs. A job's status is derived from the clock at read time rather than advanced
 * by timers, so there is nothing to cancel on shutdown and results do not depend on
 * event-loop scheduling.
 */
import { randomBytes } from 'node:crypto';

export type JobStatus = 'queued' | 'processing' | 'completed' | 'failed';

/** Per-job behaviour chosen by markers in the prompt, so one run can mix outcomes. */
export type JobOutcome = 'success' | 'fail' | 'empty' | 'never';

export interface Job {
  id: string;
  apiKey: string;
  prompt: string;
  request: Record<string, unknown>;
  createdAt: number;
  /** Captured at submit so later config changes do not move existing jobs. */
  durationMs: number;
  outcome: JobOutcome;
}

export interface JobView {
  status: JobStatus;
  /** 0..1, only meaningful while running. */
  progress: number;
  error?: string;
}

export function outcomeFromPrompt(prompt: string): JobOutcome {
  if (prompt.includes('[fail]')) return 'fail';
  if (prompt.includes('[empty]')) return 'empty';
  if (prompt.includes('[never]')) return 'never';
  return 'success';
}

export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(8).toString('hex')}`;
}

export function viewJob(job: Job, now: number): JobView {
  const elapsed = now - job.createdAt;
  const progress = job.durationMs > 0 ? Math.min(1, Math.max(0, elapsed / job.durationMs)) : 1;
  // Queued for the first third, mirroring a real service picking the job up after a while.
  if (elapsed < job.durationMs / 3) return { status: 'queued', progress };
  if (job.outcome === 'never') return { status: 'processing', progress: Math.min(progress, 0.99) };
  if (elapsed < job.durationMs) return { status: 'processing', progress };
  if (job.outcome === 'fail') {
    return {
      status: 'failed',
      progress: 1,
      error: 'Video generation failed: the model could not render this prompt',
    };
  }
  return { status: 'completed', progress: 1 };
}

export class JobStore {
  readonly #jobs = new Map<string, Job>();

  add(job: Job): void {
    this.#jobs.set(job.id, job);
  }

  get(id: string): Job | undefined {
    return this.#jobs.get(id);
  }

  all(): Job[] {
    return [...this.#jobs.values()];
  }

  /** Ends the job's work now: it reads as its outcome from here on (a `never` job still never ends). */
  finishNow(id: string, now: number): void {
    const job = this.#jobs.get(id);
    if (job) this.#jobs.set(id, { ...job, durationMs: Math.max(0, now - job.createdAt) });
  }

  clear(): void {
    this.#jobs.clear();
  }
}
