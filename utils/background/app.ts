import { refreshBalance } from '@/utils/balance/background';
import { sendNextCompared } from '@/utils/batch/background';
import { onMenuClick } from '@/utils/context-menu/commands';
import { releaseUnusedOrigins } from '@/utils/copies/background';
import { onIdleAlarm } from '@/utils/keys/commands';
import { onNotificationClick } from '@/utils/notifications/background';
import { settleCostsOrRefresh } from '@/utils/spend/background';
import { createContext } from './context';
import { createHandlers } from './handlers';
import type { Platform } from './platform';
import { createStartup } from './startup';

/** The background's features on one platform; entrypoints/background.ts connects them to browser events. */
export function createBackgroundApp(platform: Platform) {
  const ctx = createContext(platform, {
    afterFinished: (entries) => {
      // Images and refused submissions refresh the balance where they settle; only a polled job ends here.
      if (entries.some((entry) => entry.poll?.jobId !== undefined)) void settleCostsOrRefresh(ctx);
      // A comparison's next video goes once this one's cost is read.
      if (entries.some((entry) => entry.compared)) void sendNextCompared(ctx);
      ctx.copies.keepFinished(entries);
      void releaseUnusedOrigins(ctx);
    },
  });
  return {
    handlers: createHandlers(ctx),
    tracker: ctx.tracker,
    copies: ctx.copies,
    backup: ctx.backup,
    resume: createStartup(ctx),
    onMenuClick: (menuItemId: string, selectionText: string | undefined) =>
      onMenuClick(ctx, menuItemId, selectionText),
    onNotificationClick: (notificationId: string) => onNotificationClick(ctx, notificationId),
    refreshBalance: () => refreshBalance(ctx),
    onIdleAlarm: () => onIdleAlarm(ctx),
  };
}

export type BackgroundApp = ReturnType<typeof createBackgroundApp>;
