/** Every activity-resources query sits under this prefix. */
export const activityResourcesQueryKey = ['activity-resources'] as const;

export const activityResourcesKey = (activityId: number) =>
  [...activityResourcesQueryKey, activityId] as const;
