import { readProfiles } from '@/utils/profiles/background';
import type { Context } from '../../background/context';
import { placeUrl } from '../../backup/backup-schema';
import { backupConfigItem } from '../../backup/backup-storage';
import { originOf } from '../../http-url';

/** Access to a service origin is kept while a profile uses it or a job still waits on it, and the backup's. */
export async function releaseUnusedOrigins(ctx: Context): Promise<void> {
  const [{ profiles }, entries, backup] = await Promise.all([
    readProfiles(),
    ctx.history.read(),
    backupConfigItem.getValue(),
  ]);
  // Every profile's service stays reachable: switching back must not need the person to grant it again.
  const keep = new Set(profiles.list.map((profile) => originOf(profile.service.baseUrl)));
  for (const entry of entries) {
    if (entry.status === 'running' && entry.poll) keep.add(originOf(entry.poll.baseUrl));
    // Access to a media host was granted to keep its results; it is not a service origin to give back.
    if (entry.status === 'completed') for (const url of entry.urls) keep.add(originOf(url));
  }
  if (backup?.place) keep.add(originOf(placeUrl(backup.place)));
  keep.delete('');
  try {
    await ctx.platform.releaseOrigins([...keep]);
  } catch (error) {
    // Holding access a little longer is harmless; the next switch or finished job tries again.
    console.warn('Access not released:', error);
  }
}
