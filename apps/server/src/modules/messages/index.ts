// The messages module's face: email and SMS: the outbox, its senders and its worker.
// Code outside the module imports only this file (requirements#module-faces).
export { OUTBOX_PAGE_PATH, outboxPageRoutes } from './outbox-page.ts';
export { enqueueMessages } from './outbox.ts';
export type { NewMessage } from './outbox.ts';
export { createSenders } from './senders.ts';
export type { MessageSender } from './senders.ts';
export { outboxJob } from './worker.ts';
export { configureNotices, noticeOrigin, queueOrderNotices } from './notices/queue.ts';
export type { OrderEvent } from './notices/queue.ts';
export {
  DEFAULT_PREFERENCES,
  getMessagePreferences,
  PREFERENCE_FIELDS,
  saveMessagePreferences,
} from './notices/preferences.ts';
export type { MessagePreferences } from './notices/preferences.ts';
