/** Every notifications query sits under this prefix, so marking read refreshes the badge and the list. */
export const notificationsQueryKey = ['notifications'] as const;
