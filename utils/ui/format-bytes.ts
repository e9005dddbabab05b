// Its own module: only the options page and *Keep anyway* show storage sizes; other code does not load this.
import { numberFormat } from './format';

const MIB = 1024 * 1024;

/** Storage used, in the unit people set the cap in (MB), kB below one MB so a small copy is not "0 MB". */
export function formatBytes(bytes: number, locale: string): string {
  const [value, unit, digits] =
    bytes >= 1024 * MIB
      ? [bytes / (1024 * MIB), 'gigabyte', 2]
      : bytes >= MIB || bytes <= 0
        ? [Math.max(0, bytes) / MIB, 'megabyte', 1]
        : [Math.ceil(bytes / 1024), 'kilobyte', 0];
  try {
    return numberFormat(locale, {
      style: 'unit',
      unit,
      unitDisplay: 'short',
      maximumFractionDigits: digits,
    }).format(value);
  } catch {
    return `${value} ${unit}`;
  }
}
