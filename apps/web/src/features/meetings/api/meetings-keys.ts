export const meetingsQueryKey = ['meetings'] as const;
export const meetingStateKey = (id: number) => [...meetingsQueryKey, id, 'state'] as const;
export const participantsKey = (id: number, page: number, userName: string) =>
  [...meetingsQueryKey, id, 'participants', page, userName] as const;
export const watchStatsKey = (id: number) => [...meetingsQueryKey, id, 'watch-stats'] as const;
export const vendorAuthKey = (vendor: 'lark' | 'tencent') =>
  [...meetingsQueryKey, 'vendor-auth', vendor] as const;
