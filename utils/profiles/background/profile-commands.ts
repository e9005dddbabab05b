import { forgetProfileBalance, refreshBalanceQuietly, switchBalance } from '@/utils/balance/background';
import { unqueued } from '@/utils/batch/background';
import { releaseUnusedOrigins } from '@/utils/copies/background';
import { currentKeyStatus, writeKeyStatus, writeProfiles } from '@/utils/keys/background';
import type { Context } from '../../background/context';
import { AppError } from '../../error-info';
import { t } from '../../i18n';
import type { RequestOf, ResponseData } from '../../messaging/protocol';
import { DEFAULT_SETTINGS } from '../../settings/defaults';
import type { Settings } from '../../settings/schema';
import { keyStatusItem } from '../../storage/items';
import { nameOf } from '../../storage/keyed-item';
import { profileOf } from '../first-profile';
import { MAX_PROFILE_NAME, MAX_PROFILES } from '../limits';
import { ownOf, withProfile } from '../repair';
import type { Profile, Profiles } from '../schema';
import { profileDeleted, readProfiles } from './profile-store';

function find(profiles: Profiles, id: string): Profile {
  const profile = profiles.list.find((item) => item.id === id);
  if (!profile) throw new AppError('invalid_input', t('refusedProfileGone'));
  return profile;
}

function roomForOneMore(profiles: Profiles): void {
  if (profiles.list.length >= MAX_PROFILES) {
    throw new AppError('invalid_input', t('refusedTooManyProfiles', MAX_PROFILES));
  }
}

/**
 * Makes another profile the active one: the settings take its service, model, video defaults and budgets,
 * pages its key status and cached balance. Nothing else moves: jobs, batches and copies stay their own profile's.
 */
async function activate(ctx: Context, profiles: Profiles, settings: Settings, id: string): Promise<void> {
  const next = withProfile(settings, find(profiles, id));
  // With the lock's state: a switch while locked must leave the pages offering to unlock.
  const status = await currentKeyStatus(id, next);
  await switchBalance(ctx, profiles.activeId, id, (balances) =>
    writeProfiles({ ...profiles, activeId: id }, next, {
      ...balances,
      [nameOf(keyStatusItem.key)]: status,
    }),
  );
}

export function switchProfile(
  ctx: Context,
  { id }: RequestOf<'switchProfile'>,
): Promise<ResponseData['switchProfile']> {
  return ctx.setupChanges(async () => {
    const { profiles, settings } = await readProfiles();
    if (profiles.activeId === id) return { activeId: id };
    await activate(ctx, profiles, settings, id);
    // The profile's last figure shows at once; its jobs may have spent credits since, so a fresh one follows.
    void refreshBalanceQuietly(ctx);
    return { activeId: id };
  });
}

/**
 * A new profile starts unset (no service, no key, no budgets) and becomes the active one, so the options page
 * sets it up.
 */
export function addProfile(
  ctx: Context,
  { name }: RequestOf<'addProfile'>,
): Promise<ResponseData['addProfile']> {
  return ctx.setupChanges(async () => {
    const { profiles, settings } = await readProfiles();
    roomForOneMore(profiles);
    const profile: Profile = { id: ctx.platform.newId(), name, ...ownOf(DEFAULT_SETTINGS), models: [] };
    // Added and made active in one write.
    await activate(ctx, { ...profiles, list: [...profiles.list, profile] }, settings, profile.id);
    return { id: profile.id };
  });
}

/** Writes one change to a profile that must still exist (its name, its list of models). */
function changeProfile(ctx: Context, id: string, change: Partial<Pick<Profile, 'name' | 'models'>>) {
  return ctx.setupChanges(async () => {
    const { profiles, settings } = await readProfiles();
    find(profiles, id);
    const list = profiles.list.map((profile) => (profile.id === id ? { ...profile, ...change } : profile));
    await writeProfiles({ ...profiles, list }, settings);
  });
}

export async function renameProfile(
  ctx: Context,
  { id, name }: RequestOf<'renameProfile'>,
): Promise<ResponseData['renameProfile']> {
  await changeProfile(ctx, id, { name });
  return { renamed: true };
}

/** The models the profile lists, in the person's order, as the prompt form offers them. */
export async function setProfileModels(
  ctx: Context,
  { id, models }: RequestOf<'setProfileModels'>,
): Promise<ResponseData['setProfileModels']> {
  await changeProfile(ctx, id, { models });
  return { saved: true };
}

/** The copy has the service, model, video defaults, budgets and models, never the key: a key is entered for its profile. */
export function duplicateProfile(
  ctx: Context,
  { id }: RequestOf<'duplicateProfile'>,
): Promise<ResponseData['duplicateProfile']> {
  return ctx.setupChanges(async () => {
    const { profiles, settings } = await readProfiles();
    roomForOneMore(profiles);
    const source = find(profiles, id);
    const copy: Profile = {
      ...source,
      id: ctx.platform.newId(),
      name: t('profileCopyName', source.name).slice(0, MAX_PROFILE_NAME),
    };
    const at = profiles.list.indexOf(source) + 1;
    const list = [...profiles.list.slice(0, at), copy, ...profiles.list.slice(at)];
    await writeProfiles({ ...profiles, list }, settings);
    return { id: copy.id };
  });
}

/**
 * Deletes the profile and its key. Jobs still pending with it are counted first and only ended (as "profile
 * deleted", nothing more sent or polled) once the person agreed; a deleted active profile hands over to the
 * first remaining one. The last profile stays: there is always one to send with.
 */
export function deleteProfile(
  ctx: Context,
  { id, endPending }: RequestOf<'deleteProfile'>,
): Promise<ResponseData['deleteProfile']> {
  return ctx.setupChanges(async () => {
    const { profiles, settings } = await readProfiles();
    find(profiles, id);
    if (profiles.list.length === 1) {
      throw new AppError('invalid_input', t('refusedLastProfile'));
    }
    const pending = (await ctx.history.find({ status: 'running' })).filter(
      (entry) => profileOf(entry) === id,
    );
    if (pending.length > 0 && !endPending) return { deleted: false, pending: pending.length };
    const now = ctx.platform.now();
    const error = profileDeleted().info;
    const ended = await ctx.history.patchMany({ ids: pending.map((entry) => entry.id) }, (entry) =>
      entry.status === 'running' && profileOf(entry) === id
        ? { ...unqueued(entry), status: 'failed', finishedAt: now, error }
        : undefined,
    );
    const list = profiles.list.filter((profile) => profile.id !== id);
    const remaining = { activeId: profiles.activeId, list };
    if (profiles.activeId === id) await activate(ctx, remaining, settings, list[0]?.id ?? '');
    else await writeProfiles(remaining, settings);
    await writeKeyStatus();
    await forgetProfileBalance(ctx, id);
    await ctx.tracker.reschedule();
    void releaseUnusedOrigins(ctx);
    return { deleted: true, ended: ended.length };
  });
}
