import { originOf } from '../http-url';
import { validSettingsItem } from '../settings/store';
import type { Context } from './context';

/** Access to a service origin is kept while it is the configured one or a job still waits on it. */
export async function releaseUnusedOrigins(ctx: Context): Promise<void> {
  const [settings, entries] = await Promise.all([validSettingsItem.getValue(), ctx.history.read()]);
  const keep = new Set([originOf(settings.baseUrl)]);
  for (const entry of entries) {
    if (entry.status === 'running' && entry.poll) keep.add(originOf(entry.poll.baseUrl));
    // Access to a media host was granted to keep its results; it is not a service origin to give back.
    if (entry.status === 'completed') for (const url of entry.urls) keep.add(originOf(url));
  }
  keep.delete('');
  try {
    await ctx.platform.releaseOrigins([...keep]);
  } catch (error) {
    // Holding access a little longer is harmless; the next switch or finished job tries again.
    console.warn('Access to an unused service origin was not given back:', error);
  }
}
