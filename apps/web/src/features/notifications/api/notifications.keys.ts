/**
 * The signed-in principal's notifications: every page sits under `all`, so a live notice
 * or a mark-read refreshes the list and the unread count together. They are the caller's
 * own, not an entity's, so switching entity keeps them.
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: (limit: number) => [...notificationKeys.all, 'list', limit] as const,
};
