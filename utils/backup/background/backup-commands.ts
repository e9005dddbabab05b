import type { Context } from '../../background/context';
import type { RequestOf, ResponseData } from '../../messaging/protocol';

/** The backup's commands from the options page; the service (backup-service.ts) does the work. */

const input = ({ place, credential }: Omit<RequestOf<'testBackup'>, 'type'>) => ({ place, credential });

export async function testBackup(
  ctx: Context,
  request: RequestOf<'testBackup'>,
): Promise<ResponseData['testBackup']> {
  await ctx.backup.test(input(request));
  return { ok: true };
}

export async function setUpBackup(
  ctx: Context,
  request: RequestOf<'setUpBackup'>,
): Promise<ResponseData['setUpBackup']> {
  const secret = request.keyLock ? { keyLock: true as const } : { passphrase: request.passphrase };
  const { restoreFirst } = await ctx.backup.setUp(input(request), secret, request.auto);
  return restoreFirst ? { saved: false, restoreFirst } : { saved: true };
}

export const previewRestore = (ctx: Context, request: RequestOf<'previewRestore'>) =>
  ctx.backup.preview(input(request), request.passphrase);

export async function startRestore(
  ctx: Context,
  request: RequestOf<'startRestore'>,
): Promise<ResponseData['startRestore']> {
  await ctx.backup.startRestore(input(request), request.passphrase, request.removeUpTo ?? 0);
  return { started: true };
}

export async function runBackupNow(ctx: Context): Promise<ResponseData['runBackup']> {
  // Answered at once: a run of several minutes tells its progress through the status item.
  void ctx.backup.run();
  return { started: true };
}

export async function setBackupAuto(
  ctx: Context,
  { auto }: RequestOf<'setBackupAuto'>,
): Promise<ResponseData['setBackupAuto']> {
  await ctx.backup.setAuto(auto);
  return { done: true };
}

export async function forgetBackup(ctx: Context): Promise<ResponseData['forgetBackup']> {
  await ctx.backup.forget();
  return { done: true };
}
