import { knowledgeGraphQueryKey } from './knowledge-graph-keys.ts';

/** Graph management queries, under the knowledge-graph prefix so a graph refresh reaches them too. */
export const knowledgeSyncKey = (courseId: number) => [...knowledgeGraphQueryKey, 'sync', courseId] as const;
export const knowledgeSyncStatusKey = (courseId: number) =>
  [...knowledgeSyncKey(courseId), 'status'] as const;
export const knowledgeDiffKey = (courseId: number) => [...knowledgeSyncKey(courseId), 'diff'] as const;
export const knowledgeSimilarityKey = (courseId: number, threshold: number) =>
  [...knowledgeSyncKey(courseId), 'similarity', threshold] as const;
export const knowledgeClustersKey = (courseId: number, threshold: number) =>
  [...knowledgeSyncKey(courseId), 'clusters', threshold] as const;
export const kfsQueryKey = [...knowledgeGraphQueryKey, 'kfs'] as const;
