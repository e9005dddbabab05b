// The feature's worker services, for other features' worker parts and the worker's core; never for pages.

export type { Announcer } from './background/notifications';
export { createAnnouncer, onNotificationClick } from './background/notifications';
