import { describe, expect, it } from 'vitest';
import { formatDateTime, formatElapsed, formatNumber, formatRelativeTime, truncate } from '@/utils/ui/format';

describe('formatElapsed', () => {
  it.each([
    [0, '0:00'],
    [999, '0:00'],
    [1000, '0:01'],
    [5_400, '0:05'],
    [65_000, '1:05'],
    [600_000, '10:00'],
    [3_723_000, '1:02:03'],
    [-5_000, '0:00'],
    [Number.NaN, '0:00'],
  ])('%d ms -> %s', (ms, expected) => {
    expect(formatElapsed(ms)).toBe(expected);
  });
});

describe('formatRelativeTime', () => {
  const now = Date.UTC(2025, 10, 23, 12, 0, 0);
  it.each([
    [0, 'now'],
    [9_000, 'now'],
    [-60_000, 'now'],
    [30_000, '30 seconds ago'],
    [60_000, '1 minute ago'],
    [120_000, '2 minutes ago'],
    [59 * 60_000, '59 minutes ago'],
    [3 * 3_600_000, '3 hours ago'],
    [86_400_000, 'yesterday'],
    [3 * 86_400_000, '3 days ago'],
  ])('%d ms ago -> %s (English)', (ago, expected) => {
    expect(formatRelativeTime(now - ago, now, 'en')).toBe(expected);
  });

  it('speaks the given language', () => {
    expect(formatRelativeTime(now - 120_000, now, 'de')).toBe('vor 2 Minuten');
    expect(formatRelativeTime(now, now, 'de')).toBe('jetzt');
  });

  it('gives a date for anything older than a month', () => {
    expect(formatRelativeTime(now - 60 * 86_400_000, now, 'en')).toBe('Sep 24, 2025');
  });
});

describe('formatNumber', () => {
  it('groups digits the way the language does', () => {
    expect(formatNumber(1000, 'en')).toBe('1,000');
    expect(formatNumber(1234567, 'de')).toBe('1.234.567');
    expect(formatNumber(0, 'en')).toBe('0');
    expect(formatNumber(2.5, 'de')).toBe('2,5');
  });

  it('falls back to plain digits for an unusable locale', () => {
    expect(formatNumber(1000, 'not a locale!!')).toBe('1000');
  });
});

describe('formatDateTime', () => {
  it('includes date and time', () => {
    const text = formatDateTime(Date.UTC(2025, 10, 23, 12, 5), 'en');
    expect(text).toMatch(/2025/);
    expect(text).toMatch(/\d{1,2}:05/);
  });
});

describe('truncate', () => {
  it('keeps short text and shortens long text with an ellipsis', () => {
    expect(truncate('short', 10)).toBe('short');
    expect(truncate('abcdefghij', 5)).toBe('abcd…');
    expect(truncate('abcdefghij', 5)).toHaveLength(5);
  });

  it('never splits a surrogate pair', () => {
    expect(truncate('🦊🦊🦊🦊', 3)).toBe('🦊🦊…');
  });
});
