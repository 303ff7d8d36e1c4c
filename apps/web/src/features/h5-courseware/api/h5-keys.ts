/** Every H5 courseware query sits under this prefix. */
export const h5QueryKey = ['h5-courseware'] as const;

export const h5PackagesQueryKey = (activityId: number) => [...h5QueryKey, activityId, 'packages'] as const;
export const h5UrlQueryKey = (activityId: number, uploadId: number) =>
  [...h5QueryKey, activityId, uploadId, 'url'] as const;
export const h5StateQueryKey = (activityId: number, uploadId: number) =>
  [...h5QueryKey, activityId, uploadId, 'state'] as const;
