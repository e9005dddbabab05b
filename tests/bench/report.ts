import type { BackupSpeed, BackupSpeeds } from './backup-speed';
import type { SlowKeep } from './scenarios';
/** Statistics, budgets and the printed table of the bench. */

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

export function round(value: number, digits = 1): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** Median, spread and every sample, so the JSON shows how noisy a figure was. */
export interface Sampled {
  median: number;
  min: number;
  max: number;
  samples: number[];
}

export function sampled(values: readonly number[], digits = 1): Sampled {
  return {
    median: round(median(values), digits),
    min: round(Math.min(...values), digits),
    max: round(Math.max(...values), digits),
    samples: values.map((value) => round(value, digits)),
  };
}

export interface Budget {
  name: string;
  measured: number;
  limit: number;
  unit: string;
  kind: 'at most' | 'at least';
  pass: boolean;
  /** How the limit was derived, e.g. "bare React + 25 KB". */
  note?: string;
}

// A figure that is not a finite number (nothing timed, the worst of no opens) keeps no budget.
export function atMost(name: string, measured: number, limit: number, unit: string, note?: string): Budget {
  const pass = Number.isFinite(measured) && measured <= limit;
  return { name, measured, limit, unit, kind: 'at most', pass, ...(note ? { note } : {}) };
}

export function atLeast(name: string, measured: number, limit: number, unit: string): Budget {
  const pass = Number.isFinite(measured) && measured >= limit;
  return { name, measured, limit, unit, kind: 'at least', pass };
}

export interface Row {
  metric: string;
  value: string;
  detail?: string;
}

export const kb = (bytes: number): string => `${round(bytes / 1024, 1)} KB`;
export const ms = (value: number): string => `${round(value, 1)} ms`;

function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((header, i) =>
    Math.max(header.length, ...rows.map((row) => (row[i] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(headers), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

export function formatFigures(rows: Row[]): string {
  return table(
    ['Measurement', 'Value', 'Detail'],
    rows.map((row) => [row.metric, row.value, row.detail ?? '']),
  );
}

/** A budget's figure in its unit, as the printed table and the generated report show it. */
export function show(value: number, unit: string): string {
  if (unit === 'bytes') return kb(value);
  if (unit === 'ms') return ms(value);
  if (unit === 'x') return `${round(value, 2)}x`;
  return `${round(value, 2)}${unit ? ` ${unit}` : ''}`;
}

export function formatBudgets(budgets: Budget[]): string {
  return table(
    ['Budget', 'Measured', 'Limit', 'Result'],
    budgets.map((budget) => [
      budget.name,
      show(budget.measured, budget.unit),
      `${budget.kind === 'at least' ? '>=' : '<='} ${show(budget.limit, budget.unit)}${budget.note ? ` (${budget.note})` : ''}`,
      budget.pass ? 'PASS' : 'FAIL',
    ]),
  );
}

/** The slow-line keep as one row: both runs as ratios to the transfer's own time. */
export function slowKeepRow(slow: SlowKeep): Row {
  const seconds = (value: number) => `${round(value / 1000, 1)} s`;
  return {
    metric: `Keeping a ${round(slow.videoBytes / 1024 / 1024, 0)} MB video at ${kb(slow.bytesPerSec)}/s / transfer time (${seconds(slow.transferMs)})`,
    value: `${slow.undisturbedRatio}x alone, ${slow.stoppedRatio}x with a worker stop`,
    detail: `${seconds(slow.undisturbedMs)} alone; ${seconds(slow.stoppedMs)} with the worker stopped ${seconds(slow.stopAfterMs)} in (${slow.stoppedRequests} requests, the copies alarm resumed it)`,
  };
}

const TARGET_NAMES = { webdav: 'WebDAV (Apache)', s3: 'S3 (radosgw)' } as const;

/** The backup's speed against plain uploads of the same copies, both to the same loopback target. */
function backupSpeedRow(speed: BackupSpeed): Row {
  const rate = (upload: { bytesPerSec: number }) => `${round(upload.bytesPerSec / 1024 / 1024, 1)} MB/s`;
  return {
    metric: `Backing up ${speed.copies} × ${round(speed.copyBytes / 1024 / 1024, 0)} MB kept copies to loopback ${TARGET_NAMES[speed.kind]} ${speed.lineBytesPerSec ? `on a ${rate({ bytesPerSec: speed.lineBytesPerSec })} line` : 'straight'} / the same uploads without the extension`,
    value: `${speed.ratio}x`,
    detail: `backup ${rate(speed.backup)} (${speed.backup.items} items, ${kb(speed.backup.bytes)} in ${round(speed.backup.ms / 1000, 1)} s); plain PUTs ${rate(speed.raw)} (${round(speed.raw.ms / 1000, 1)} s)`,
  };
}

/** Issue #37: on a line, the backup uploads at 80 % of what plain uploads get through it, or more. */
function backupSpeedBudget(speed: BackupSpeed): Budget {
  const line = round((speed.lineBytesPerSec ?? 0) / 1024 / 1024, 0);
  return atLeast(
    `Backup upload speed / plain uploads (loopback ${TARGET_NAMES[speed.kind]}, ${line} MB/s line)`,
    speed.ratio,
    0.8,
    'x',
  );
}

const eachTarget = (speeds: BackupSpeeds) => [speeds.webdav, speeds.s3];

/** Each target's rows: on the line, then straight. */
export const backupSpeedRows = (speeds: BackupSpeeds): Row[] =>
  eachTarget(speeds).flatMap(({ onLine, straight }) => [backupSpeedRow(onLine), backupSpeedRow(straight)]);

/** Each target's budget, which only the line's run has: straight, the figure is this machine's CPU. */
export const backupSpeedBudgets = (speeds: BackupSpeeds): Budget[] =>
  eachTarget(speeds).map(({ onLine }) => backupSpeedBudget(onLine));
