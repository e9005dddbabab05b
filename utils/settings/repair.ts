import { DEFAULT_SETTINGS, EARLIER_INSTALL_SETTINGS } from './defaults';
import { type Settings, settingsSchema } from './schema';

/**
 * Reads stored settings field by field: a field that is missing (written by an older version) or no
 * longer valid falls back to its default, while every valid field is kept. A bad value must never lock
 * a person out of their setup, nor crash the worker.
 */
export function repairSettings(stored: unknown): Settings {
  const whole = settingsSchema.safeParse(stored);
  if (whole.success) return whole.data;
  const earlierInstall = typeof stored === 'object' && stored !== null;
  const source = earlierInstall ? (stored as Record<string, unknown>) : {};
  const repaired: Record<string, unknown> = {};
  for (const [field, fallback] of Object.entries(DEFAULT_SETTINGS)) {
    const shape = settingsSchema.shape[field as keyof Settings];
    const parsed = shape.safeParse(source[field]);
    // Nothing stored (or not even an object) is a new install: it gets today's defaults.
    const earlier = earlierInstall ? EARLIER_INSTALL_SETTINGS[field as keyof Settings] : undefined;
    repaired[field] = parsed.success ? parsed.data : earlier !== undefined ? earlier : fallback;
  }
  if (!settingsSchema.shape.videoDefaults.safeParse(repaired.videoDefaults).success) {
    repaired.videoDefaults = DEFAULT_SETTINGS.videoDefaults;
  }
  return settingsSchema.parse(repaired);
}
