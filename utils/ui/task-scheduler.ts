type Priority = 'user-blocking' | 'background';

interface TaskScheduler {
  postTask(callback: () => void, options: { priority: Priority }): Promise<unknown>;
}

/**
 * Posts `callback` as a task of `priority` through the Prioritized Task Scheduling API (`scheduler.postTask`);
 * false, and nothing posted, where the browser has no such API, so the caller picks its own fallback.
 */
export function postTask(callback: () => void, priority: Priority): boolean {
  const scheduler = (globalThis as { scheduler?: TaskScheduler }).scheduler;
  if (typeof scheduler?.postTask !== 'function') return false;
  void scheduler.postTask(callback, { priority });
  return true;
}
