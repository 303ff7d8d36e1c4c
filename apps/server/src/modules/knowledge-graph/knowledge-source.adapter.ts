import type { z } from 'zod';
import {
  KnowledgeForestSchema,
  KnowledgePublishedVersionsSchema,
  KnowledgeSourceSubjectsSchema,
  KnowledgeVersionStatsSchema,
  type KnowledgeForest,
  type KnowledgePublishedVersions,
  type KnowledgeSourceSubjects,
  type KnowledgeVersionStats,
} from '@lectern/contracts/knowledge-graph/knowledge-source.schemas';
import { stripMarkup } from '@lectern/contracts/common/plain-text';
import { KNOWLEDGE_GRAPH_LIMITS as L } from '@lectern/contracts/knowledge-graph/knowledge-graph.limits';
import type { Config } from '../../config.ts';
import { AppError, notFound } from '../../platform/errors.ts';

/**
 * An external knowledge source (the spec's `kfs`): where subjects, courses with published graphs, their
 * published versions ("forest versions") and the graphs themselves come from.
 */
export type KnowledgeSourceAdapter = {
  readonly name: string;
  listSubjects(): Promise<KnowledgeSourceSubjects>;
  listVersions(courseIds: readonly number[]): Promise<KnowledgePublishedVersions>;
  /** A published version of a course's graph; `versionId` null: the latest. */
  fetchForest(courseId: number, versionId: number | null): Promise<KnowledgeForest>;
  stats(versionIds: readonly number[]): Promise<KnowledgeVersionStats>;
};

/**
 * What another server sends is held to this Lectern's own rules before a sync writes it: plain text within the
 * node and objective limits, and no node without a name.
 */
export function cleanForest(forest: KnowledgeForest): KnowledgeForest {
  const text = (value: string, max: number) => stripMarkup(value).slice(0, max);
  const nodes = forest.nodes
    .map((n) => ({ ...n, name: text(n.name, L.nameMax), description: text(n.description, L.descriptionMax) }))
    .filter((n) => n.name !== '');
  return {
    ...forest,
    nodes,
    objectives: forest.objectives
      .map((o) => ({ ...o, content: text(o.content, L.objectiveMax) }))
      .filter((o) => o.content !== ''),
  };
}

/**
 * Another Lectern over HTTP: its `/api/knowledge-source/*` reads, with a personal access token of an
 * account there (read scope is enough). What that account may read there is what this Lectern sees.
 */
export function lecternKnowledgeSource(
  source: NonNullable<Config['knowledgeSource']>,
  fetchImpl: typeof fetch = fetch,
): KnowledgeSourceAdapter {
  async function get<S extends z.ZodType>(path: string, schema: S): Promise<z.output<S>> {
    let response: Response;
    try {
      response = await fetchImpl(`${source.url}/api/knowledge-source${path}`, {
        headers: {
          accept: 'application/json',
          ...(source.token ? { authorization: `Bearer ${source.token}` } : {}),
        },
        signal: AbortSignal.timeout(source.timeoutMs),
      });
    } catch {
      throw new AppError('bad_gateway', 'knowledgeSync.remoteUnreachable');
    }
    if (response.status === 401 || response.status === 403) {
      throw new AppError('bad_gateway', 'knowledgeSync.remoteRefused');
    }
    if (response.status === 404) throw notFound('knowledgeSync.remoteNotFound');
    if (!response.ok) throw new AppError('bad_gateway', 'knowledgeSync.remoteUnreachable');
    const parsed = schema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) throw new AppError('bad_gateway', 'knowledgeSync.remoteInvalid');
    return parsed.data;
  }
  const ids = (list: readonly number[]) => `ids=${list.join(',')}`;

  return {
    name: source.name,
    listSubjects: () => get('/subjects', KnowledgeSourceSubjectsSchema),
    listVersions: (courseIds) => get(`/versions?${ids(courseIds)}`, KnowledgePublishedVersionsSchema),
    fetchForest: async (courseId, versionId) =>
      cleanForest(
        await get(
          `/courses/${courseId}/forest${versionId === null ? '' : `?version_id=${versionId}`}`,
          KnowledgeForestSchema,
        ),
      ),
    stats: (versionIds) => get(`/version-stats?${ids(versionIds)}`, KnowledgeVersionStatsSchema),
  };
}

/** The configured source, or undefined when this Lectern has none. */
export function configuredKnowledgeSource(config: Config): KnowledgeSourceAdapter | undefined {
  return config.knowledgeSource ? lecternKnowledgeSource(config.knowledgeSource) : undefined;
}
