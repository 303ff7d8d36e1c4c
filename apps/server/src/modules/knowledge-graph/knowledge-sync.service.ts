import type { KnowledgeForest } from '@lectern/contracts/knowledge-graph/knowledge-source.schemas';
import { clusterPairs, similarPairs } from '@lectern/contracts/knowledge-graph/knowledge-sync.rules';
import type {
  ApplyKnowledgeDiffResponse,
  KnowledgeClusters,
  KnowledgeGraphDiff,
  KnowledgeSimilarityResponse,
  KnowledgeSource,
  KnowledgeSyncCounts,
  KnowledgeSyncStatus,
  KnowledgeUrl,
  ReplaceKnowledgeGraphResponse,
} from '@lectern/contracts/knowledge-graph/knowledge-sync.schemas';
import type { AppContext } from '../../platform/app-context.ts';
import { AppError, conflict, invalid, notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { enqueue } from '../../platform/jobs/job-queue.ts';
import { isMessageKey, translate } from '../../platform/messages.ts';
import type { Locale } from '@lectern/contracts/common/locale';
import { knowledgeGraphAccess } from './knowledge-graph-access.ts';
import { knowledgeGraphRepository } from './knowledge-graph.repository.ts';
import { configuredKnowledgeSource, type KnowledgeSourceAdapter } from './knowledge-source.adapter.ts';
import { knowledgeSourceRepository } from './knowledge-source.repository.ts';
import { knowledgeSourceService } from './knowledge-source.service.ts';
import { applyKnowledgeForest, diffCourseGraph, type DiffSelection } from './knowledge-sync.apply.ts';
import { knowledgeSyncRepository, type KnowledgeSourceRow } from './knowledge-sync.repository.ts';
import { takeKnowledgeSnapshot } from './knowledge-snapshot.ts';

/** The durable job a sync request queues (sync-status follows it). */
export const KNOWLEDGE_SOURCE_SYNC_JOB = 'knowledge.source-sync';

/** What a failed sync keeps as its reason: the catalogued key of an AppError, else the generic one. */
function failureKey(error: unknown): string {
  if (error instanceof AppError) {
    const key = typeof error.detail === 'string' ? error.detail : error.detail.key;
    if (key.startsWith('knowledgeSync.') || key.startsWith('knowledgeGraph.')) return key;
  }
  return 'knowledgeSync.failed';
}

/**
 * Graph management (spec 001 section 7): the course graph's source (another course here, or a version on the
 * configured remote source), syncing from it in the job queue, the diff and applying it item by item,
 * replacing the graph, and similar nodes. The teaching team of the course only; reading another course of
 * this Lectern as a source needs its teaching team too, as copying a graph does.
 */
export function knowledgeSyncService(
  ctx: AppContext,
  remote: KnowledgeSourceAdapter | undefined = configuredKnowledgeSource(ctx.config),
) {
  const db = ctx.db;
  const repo = knowledgeSyncRepository(db);
  const graphRepo = knowledgeGraphRepository(db);
  const sourceRepo = knowledgeSourceRepository(db);
  const sources = knowledgeSourceService(db);
  const graph = knowledgeGraphAccess(db);
  const baseUrl = (ctx.config.sso.publicUrl ?? '').replace(/\/+$/, '');

  function requireRemote(): KnowledgeSourceAdapter {
    if (!remote) throw conflict('knowledgeSync.remoteNotConfigured');
    return remote;
  }

  async function present(
    courseId: number,
    row: KnowledgeSourceRow | undefined,
    locale: Locale,
  ): Promise<KnowledgeSyncStatus> {
    const source: KnowledgeSyncStatus['source'] = !row
      ? null
      : row.kind === 'course'
        ? {
            type: 'course',
            course_id: row.sourceCourseId,
            course_name: row.sourceCourseId === null ? null : await sourceRepo.courseName(row.sourceCourseId),
          }
        : { type: 'remote', kfs_course_id: row.remoteCourseId ?? 0, kfs_version_id: row.remoteVersionId };
    const error = row?.lastError ?? null;
    return {
      course_id: courseId,
      source,
      status: row?.status ?? 'idle',
      error: error === null ? null : translate(locale, isMessageKey(error) ? error : 'knowledgeSync.failed'),
      last_synced_at: row?.lastSyncedAt?.toISOString() ?? null,
      counts: row?.lastCounts ?? null,
      remote_configured: remote !== undefined,
      remote_name: remote?.name ?? null,
    };
  }

  /** The source's graph; with an actor, a source course is read only if they are on its teaching team. */
  async function forestOf(row: KnowledgeSourceRow, actor: Actor | null): Promise<KnowledgeForest> {
    if (row.kind === 'remote') {
      if (row.remoteCourseId === null) throw notFound('knowledgeSync.noSource');
      return requireRemote().fetchForest(row.remoteCourseId, row.remoteVersionId);
    }
    if (row.sourceCourseId === null || (await sourceRepo.courseName(row.sourceCourseId)) === null) {
      throw notFound('knowledgeSync.sourceCourseGone');
    }
    if (actor) await graph.course(actor, row.sourceCourseId, 'edit');
    return sources.liveForest(row.sourceCourseId);
  }

  /** A sync, apply or replace that went through: the source's state says so, with what it changed. */
  async function recordSuccess(courseId: number, counts: KnowledgeSyncCounts): Promise<void> {
    await repo.setStatus(courseId, {
      status: 'succeeded',
      lastError: null,
      lastSyncedAt: new Date(),
      lastCounts: counts,
    });
  }

  async function requireSource(courseId: number): Promise<KnowledgeSourceRow> {
    const row = await repo.source(courseId);
    if (!row) throw conflict('knowledgeSync.noSource');
    return row;
  }

  async function setSource(actor: Actor, courseId: number, source: KnowledgeSource | null) {
    await graph.course(actor, courseId, 'edit');
    if (source?.type === 'course') {
      if (source.course_id === courseId) throw invalid({ 'source.course_id': ['knowledgeSync.sameCourse'] });
      await graph.course(actor, source.course_id, 'edit');
    }
    if (source?.type === 'remote') {
      const versions = await requireRemote().listVersions([source.kfs_course_id]);
      const course = versions.items.find((i) => i.course_id === source.kfs_course_id);
      const known =
        course !== undefined &&
        (source.kfs_version_id === null || course.versions.some((v) => v.id === source.kfs_version_id));
      if (!known) throw notFound('knowledgeSync.remoteNotFound');
    }
    await db.transaction(async (tx) => {
      await graphRepo.lockCourseGraph(courseId, tx);
      if (source === null) await repo.clearSource(courseId, tx);
      else {
        await repo.setSource(
          courseId,
          source.type === 'course'
            ? {
                kind: 'course',
                sourceCourseId: source.course_id,
                remoteCourseId: null,
                remoteVersionId: null,
              }
            : {
                kind: 'remote',
                sourceCourseId: null,
                remoteCourseId: source.kfs_course_id,
                remoteVersionId: source.kfs_version_id,
              },
          actor.userId,
          tx,
        );
      }
    });
    return present(courseId, await repo.source(courseId), actor.locale);
  }

  async function requestSync(actor: Actor, courseId: number): Promise<KnowledgeSyncStatus> {
    await graph.course(actor, courseId, 'edit');
    const row = await requireSource(courseId);
    if (row.kind === 'remote') requireRemote();
    else if (row.sourceCourseId !== null) await graph.course(actor, row.sourceCourseId, 'edit');
    await db.transaction(async (tx) => {
      await graphRepo.lockCourseGraph(courseId, tx);
      const current = await repo.source(courseId, tx);
      if (current?.status === 'running') throw conflict('knowledgeSync.running');
      await repo.setStatus(courseId, { status: 'running', lastError: null }, tx);
      await enqueue(tx, KNOWLEDGE_SOURCE_SYNC_JOB, { course_id: courseId });
    });
    return present(courseId, await repo.source(courseId), actor.locale);
  }

  async function applyNow(actor: Actor, courseId: number, selection: DiffSelection) {
    await graph.course(actor, courseId, 'edit');
    const row = await requireSource(courseId);
    const forest = await forestOf(row, actor);
    const result = await db.transaction(async (tx) => {
      await graph.course(actor, courseId, 'edit', tx);
      await graphRepo.lockCourseGraph(courseId, tx);
      return applyKnowledgeForest(db, tx, courseId, forest, selection, actor.userId, selection === 'all');
    });
    await recordSuccess(courseId, result.counts);
    return result;
  }

  async function graphNodes(actor: Actor, courseId: number) {
    await graph.course(actor, courseId, 'edit');
    return graphRepo.listNodes(courseId);
  }

  return {
    setSource,
    requestSync,

    async status(actor: Actor, courseId: number): Promise<KnowledgeSyncStatus> {
      await graph.course(actor, courseId, 'edit');
      return present(courseId, await repo.source(courseId), actor.locale);
    },

    async diff(actor: Actor, courseId: number): Promise<KnowledgeGraphDiff> {
      await graph.course(actor, courseId, 'edit');
      const forest = await forestOf(await requireSource(courseId), actor);
      return (await diffCourseGraph(db, courseId, forest)).diff;
    },

    async applyDiff(
      actor: Actor,
      courseId: number,
      body: { all: boolean; items: { type: 'node' | 'relation'; key: string }[] },
    ): Promise<ApplyKnowledgeDiffResponse> {
      const selection: DiffSelection = body.all
        ? 'all'
        : new Set(body.items.map((item) => `${item.type}:${item.key}`));
      return applyNow(actor, courseId, selection);
    },

    /** Replaces the graph by the source's: a snapshot first, then every node marked deleted and the source's written. */
    async replace(actor: Actor, courseId: number): Promise<ReplaceKnowledgeGraphResponse> {
      await graph.course(actor, courseId, 'edit');
      const forest = await forestOf(await requireSource(courseId), actor);
      const result = await db.transaction(async (tx) => {
        await graph.course(actor, courseId, 'edit', tx);
        await graphRepo.lockCourseGraph(courseId, tx);
        const snapshot = await takeKnowledgeSnapshot(tx, courseId, 'replace', actor.userId);
        const old = await graphRepo.listNodes(courseId, tx);
        await graphRepo.deleteNodes(
          courseId,
          old.map((n) => n.id),
          tx,
        );
        await repo.deleteAllObjectives(courseId, tx);
        const applied = await applyKnowledgeForest(db, tx, courseId, forest, 'all', actor.userId, true);
        return { snapshot_id: snapshot.id, counts: { ...applied.counts, nodes_removed: old.length } };
      });
      await recordSuccess(courseId, result.counts);
      return result;
    },

    async similarity(
      actor: Actor,
      courseId: number,
      body: { target_course_id?: number | null | undefined; threshold: number; limit: number },
    ): Promise<KnowledgeSimilarityResponse> {
      const sourceNodes = await graphNodes(actor, courseId);
      const other = body.target_course_id ?? courseId;
      const targetNodes = other === courseId ? null : await graphNodes(actor, other);
      const pairs = similarPairs(sourceNodes, targetNodes, body.threshold);
      const names = new Map([...sourceNodes, ...(targetNodes ?? [])].map((n) => [n.id, n.name]));
      return {
        similarities: pairs.slice(0, body.limit).map((p) => ({
          source_node_id: p.source,
          target_node_id: p.target,
          source_name: names.get(p.source) ?? '',
          target_name: names.get(p.target) ?? '',
          score: p.score,
        })),
        truncated: pairs.length > body.limit,
      };
    },

    async clusters(actor: Actor, courseId: number, threshold: number): Promise<KnowledgeClusters> {
      const nodes = await graphNodes(actor, courseId);
      const names = new Map(nodes.map((n) => [n.id, n.name]));
      return {
        clusters: clusterPairs(similarPairs(nodes, null, threshold)).map((c, index) => ({
          id: index + 1,
          nodes: c.ids.map((id) => ({ id, name: names.get(id) ?? '' })),
          score: c.score,
        })),
      };
    },

    async editUrl(actor: Actor, courseId: number): Promise<KnowledgeUrl> {
      await graph.course(actor, courseId, 'edit');
      return { url: `${baseUrl}/course/${courseId}/knowledge-graph` };
    },

    /** The graph page opened on the similar-nodes clusters of the sync panel. */
    async clusterGraphUrl(actor: Actor, courseId: number): Promise<KnowledgeUrl> {
      await graph.course(actor, courseId, 'edit');
      return { url: `${baseUrl}/course/${courseId}/knowledge-graph?knowledge_sync=clusters` };
    },

    /** The queued sync: reads the source, applies everything, records the outcome (a failure is kept, not retried). */
    async runQueuedSync(courseId: number): Promise<void> {
      const row = await repo.source(courseId);
      if (!row) return;
      try {
        const forest = await forestOf(row, null);
        const result = await db.transaction(async (tx) => {
          await graphRepo.lockCourseGraph(courseId, tx);
          return applyKnowledgeForest(db, tx, courseId, forest, 'all', row.setBy, true);
        });
        await recordSuccess(courseId, result.counts);
      } catch (error) {
        ctx.log.warn({ err: error, courseId }, 'knowledge graph sync failed');
        await repo.setStatus(courseId, { status: 'failed', lastError: failureKey(error) });
      }
    },
  };
}

export type KnowledgeSyncService = ReturnType<typeof knowledgeSyncService>;
