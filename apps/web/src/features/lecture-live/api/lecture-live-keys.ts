/** Every lecture-live query sits under this prefix. */
export const lectureLiveQueryKey = ['lecture-live'] as const;
export const lectureLiveDetailKey = (id: number) => [...lectureLiveQueryKey, id] as const;
export const lectureLiveIngestKey = (id: number) => [...lectureLiveQueryKey, id, 'ingest'] as const;
export const lectureLiveViewingStatsKey = (id: number) =>
  [...lectureLiveQueryKey, id, 'viewing-stats'] as const;
