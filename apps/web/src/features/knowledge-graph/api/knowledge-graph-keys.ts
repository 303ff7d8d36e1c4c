/** Every knowledge-graph query sits under this prefix. */
export const knowledgeGraphQueryKey = ['knowledge-graph'] as const;

export const knowledgeNodesKey = (courseId: number) =>
  [...knowledgeGraphQueryKey, 'nodes', courseId] as const;
export const knowledgeGraphStatusKey = (courseId: number) =>
  [...knowledgeGraphQueryKey, 'status', courseId] as const;
export const knowledgeNodeKey = (nodeId: number) => [...knowledgeGraphQueryKey, 'node', nodeId] as const;
export const knowledgeTimelineKey = (courseId: number) =>
  [...knowledgeGraphQueryKey, 'timeline', courseId] as const;
export const knowledgeSnapshotKey = (courseId: number, snapshotId: number) =>
  [...knowledgeGraphQueryKey, 'snapshot', courseId, snapshotId] as const;
export const teachingObjectivesKey = (courseId: number) =>
  [...knowledgeGraphQueryKey, 'objectives', courseId] as const;
export const activityKnowledgeReferencesKey = (activityId: number) =>
  [...knowledgeGraphQueryKey, 'activity-references', activityId] as const;

/** Statistics are computed by the server as answers arrive; one prefix refreshes them all. */
export const knowledgeStatsKey = (kind: string, ...ids: number[]) =>
  [...knowledgeGraphQueryKey, 'stats', kind, ...ids] as const;

/** Spec 001 section 9: statistics lists show 10 rows a page, from page 1. */
export const KNOWLEDGE_STAT_PAGE_SIZE = 10;
