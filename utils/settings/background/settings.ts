import { forgetBalanceUnlessCurrent, storeBalance } from '@/utils/balance/background';
import { releaseUnusedOrigins } from '@/utils/copies/background';
import { applyDropRule } from '@/utils/history/background';
import { apiKeys, NO_KEY, writeKeyStatus, writeProfiles } from '@/utils/keys/background';
import { readProfiles } from '@/utils/profiles/background';
import type { Context } from '../../background/context';
import { AppError } from '../../error-info';
import { originOf } from '../../http-url';
import { describeProblem, t } from '../../i18n';
import type { RequestOf, ResponseData } from '../../messaging/protocol';
import { profileNameFor } from '../../profiles/first-profile';
import type { Profiles } from '../../profiles/schema';
import { baseUrlSchema } from '../schema';
import { validSettingsItem } from '../store';

async function requireReach(ctx: Context, baseUrl: string): Promise<void> {
  const origin = new URL(baseUrl).origin;
  if (!(await ctx.platform.canReach(origin))) {
    throw new AppError('no_permission');
  }
}

/** A drop rule set or shortened reaches entries already past it at once (0 is no rule). */
function tightens(before: number, after: number): boolean {
  return after > 0 && (before === 0 || after < before);
}

/**
 * A profile still named after its service (as the first one is, made from an earlier release's settings or
 * a fresh install) keeps being named after it when the person points it at another; a name they chose stays.
 */
function renamedForService(profiles: Profiles, before: string, after: string): Profiles {
  const fallback = t('profileDefaultName');
  const list = profiles.list.map((profile) =>
    profile.id === profiles.activeId && profile.name === profileNameFor(before, fallback)
      ? { ...profile, name: profileNameFor(after, fallback) }
      : profile,
  );
  return { ...profiles, list };
}

/** Saves the settings, the active profile's service among them, and that profile's key when one is given. */
export function saveSettings(
  ctx: Context,
  request: RequestOf<'saveSettings'>,
): Promise<ResponseData['saveSettings']> {
  return ctx.setupChanges(() => saveActiveSetup(ctx, request));
}

async function saveActiveSetup(
  ctx: Context,
  { settings, apiKey, reuseKey }: RequestOf<'saveSettings'>,
): Promise<ResponseData['saveSettings']> {
  const { platform } = ctx;
  if (settings.baseUrl) await requireReach(ctx, settings.baseUrl);
  const { profiles, settings: previous } = await readProfiles();
  const profileId = profiles.activeId;
  const previousKey = await apiKeys.of(profileId);
  const origin = originOf(settings.baseUrl);
  await writeProfiles(renamedForService(profiles, previous.baseUrl, settings.baseUrl), settings);
  if (settings.copyCapMb < previous.copyCapMb) await ctx.copies.applyCap();
  if (tightens(previous.historyDropAfterDays, settings.historyDropAfterDays)) await applyDropRule(ctx);
  // Without a new key or the person's explicit choice, the stored key stays bound to its own origin:
  // the new service is asked for its key, and jobs at the old one still finish with theirs.
  if (apiKey) await apiKeys.set(profileId, { key: apiKey, origin, id: platform.newId() });
  else if (reuseKey && previousKey.key) await apiKeys.set(profileId, { ...previousKey, origin });
  const key = await apiKeys.of(profileId);
  await writeKeyStatus();
  if (
    previous.baseUrl !== settings.baseUrl ||
    previousKey.id !== key.id ||
    previousKey.origin !== key.origin
  ) {
    await forgetBalanceUnlessCurrent(ctx);
    // Jobs waiting out a 401 or a dead URL get a prompt retry with the new setup.
    void ctx.tracker.pollAllNow();
    void releaseUnusedOrigins(ctx);
  } else {
    await ctx.tracker.reschedule();
  }
  return { saved: true };
}

export function removeApiKey(ctx: Context): Promise<ResponseData['removeApiKey']> {
  return ctx.setupChanges(async () => {
    // Needs no access to the service: a person who revoked it must still be able to drop the key.
    const { profiles } = await readProfiles();
    await apiKeys.set(profiles.activeId, NO_KEY);
    await writeKeyStatus();
    await forgetBalanceUnlessCurrent(ctx);
    await ctx.tracker.reschedule();
    return { removed: true };
  });
}

export async function testConnection(
  ctx: Context,
  { baseUrl, apiKey, reuseKey }: RequestOf<'testConnection'>,
): Promise<ResponseData['testConnection']> {
  const { platform } = ctx;
  const parsed = baseUrlSchema.safeParse(baseUrl);
  if (!parsed.success) {
    throw new AppError(
      'invalid_input',
      parsed.error.issues[0]?.message ?? describeProblem({ code: 'base_url_invalid' }),
    );
  }
  const account = await ctx.currentAccount();
  const client = await ctx.connect({ baseUrl: parsed.data, ...(apiKey ? { apiKey } : {}), reuseKey });
  const { balance } = await client.getBalance();
  const saved = await validSettingsItem.getValue();
  // Only the saved service with the saved key is the account whose balance pages show.
  if (saved.baseUrl === parsed.data && !apiKey && !reuseKey) {
    await storeBalance(ctx, account, () => ({ balance: { value: balance, fetchedAt: platform.now() } }));
  }
  return { balance };
}
