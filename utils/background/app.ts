import { refreshBalance } from './balance';
import { createContext } from './context';
import { onMenuClick } from './context-menu';
import { settleCostsOrRefresh } from './cost';
import { createHandlers } from './handlers';
import { onIdleAlarm } from './key-lock';
import { onNotificationClick } from './notifications';
import { releaseUnusedOrigins } from './origins';
import type { Platform } from './platform';
import { createStartup } from './startup';

/** The background's features on one platform; entrypoints/background.ts connects them to browser events. */
export function createBackgroundApp(platform: Platform) {
  const ctx = createContext(platform, {
    afterFinished: (entries) => {
      // Images and refused submissions refresh the balance where they settle; only a polled job ends here.
      if (entries.some((entry) => entry.poll?.jobId !== undefined)) void settleCostsOrRefresh(ctx);
      ctx.copies.keepFinished(entries);
      void releaseUnusedOrigins(ctx);
    },
  });
  return {
    handlers: createHandlers(ctx),
    tracker: ctx.tracker,
    copies: ctx.copies,
    resume: createStartup(ctx),
    onMenuClick: (menuItemId: string, selectionText: string | undefined) =>
      onMenuClick(ctx, menuItemId, selectionText),
    onNotificationClick: (notificationId: string) => onNotificationClick(ctx, notificationId),
    refreshBalance: () => refreshBalance(ctx),
    onIdleAlarm: () => onIdleAlarm(ctx),
  };
}

export type BackgroundApp = ReturnType<typeof createBackgroundApp>;
