import { IdParamsSchema } from '@lectern/contracts/common/primitives.schemas';
import {
  KfsCourseImportRequestSchema,
  KnowledgePublishedVersionsSchema,
  KnowledgeSourceIdsQuerySchema,
  KnowledgeSourceSubjectsSchema,
  KnowledgeVersionStatsSchema,
} from '@lectern/contracts/knowledge-graph/knowledge-source.schemas';
import {
  ApplyKnowledgeDiffRequestSchema,
  ApplyKnowledgeDiffResponseSchema,
  KnowledgeClusterQuerySchema,
  KnowledgeClustersSchema,
  KnowledgeGraphDiffSchema,
  KnowledgeSimilarityRequestSchema,
  KnowledgeSimilarityResponseSchema,
  KnowledgeSyncStatusSchema,
  KnowledgeUrlSchema,
  ReplaceKnowledgeGraphResponseSchema,
  SetKnowledgeSourceRequestSchema,
} from '@lectern/contracts/knowledge-graph/knowledge-sync.schemas';
import type { Api, AppContext } from '../../platform/app-context.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { kfsService } from './kfs.service.ts';
import { knowledgeSyncService } from './knowledge-sync.service.ts';

const tags = ['knowledge-graph'];
const TEAM = 'The course’s teaching team only.';

/** Spec 001 section 7 "Knowledge graph": graph management and the external knowledge source (kfs). */
export function registerKnowledgeSyncRoutes(app: Api, ctx: AppContext): void {
  const sync = knowledgeSyncService(ctx);
  const kfs = kfsService(ctx);
  const params = IdParamsSchema;

  app.put(
    '/api/course/:id/knowledge-graph/source',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description:
          'Sets the graph’s source: `{type: "course", course_id}` (another course here; needs its teaching team ' +
          'too) or `{type: "remote", kfs_course_id, kfs_version_id}` (the configured remote source; null version: ' +
          'the latest). `source: null` removes it. ' +
          TEAM,
        params,
        body: SetKnowledgeSourceRequestSchema,
        response: { 200: KnowledgeSyncStatusSchema },
      },
    },
    async (request) => sync.setSource(actorOf(request), request.params.id, request.body.source),
  );

  app.post(
    '/api/course/:id/knowledge-graph/sync',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description:
          'Queues a sync from the source (durable job): added nodes are created, changed ones updated, removed ' +
          'ones deleted (kept for mastery history), matching by the source key each synced node keeps; missing ' +
          'objectives are added. 409 without a source or while a sync runs. ' +
          TEAM,
        params,
        response: { 200: KnowledgeSyncStatusSchema },
      },
    },
    async (request) => sync.requestSync(actorOf(request), request.params.id),
  );

  app.get(
    '/api/course/:id/knowledge-graph/sync-status',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: `The source, the last sync's state (idle, running, succeeded, failed), time and counts. ${TEAM}`,
        params,
        response: { 200: KnowledgeSyncStatusSchema },
      },
    },
    async (request) => sync.status(actorOf(request), request.params.id),
  );

  app.get(
    '/api/course/:id/knowledge-graph/edit-url',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: `The address of the graph editor. ${TEAM}`,
        params,
        response: { 200: KnowledgeUrlSchema },
      },
    },
    async (request) => sync.editUrl(actorOf(request), request.params.id),
  );

  app.get(
    '/api/course/:id/knowledge-graphs/diff',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: `Nodes and relations added, changed and removed in the source since this graph matched it. ${TEAM}`,
        params,
        response: { 200: KnowledgeGraphDiffSchema },
      },
    },
    async (request) => sync.diff(actorOf(request), request.params.id),
  );

  app.post(
    '/api/course/:id/knowledge-graphs/diff/sync',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description:
          'Applies the diff now: `{all: true}` or `{items: [{type: "node"|"relation", key}]}`. Items no longer in ' +
          'the diff, relations whose ends are missing and moves into a node’s own subtree are skipped. ' +
          TEAM,
        params,
        body: ApplyKnowledgeDiffRequestSchema,
        response: { 200: ApplyKnowledgeDiffResponseSchema },
      },
    },
    async (request) => sync.applyDiff(actorOf(request), request.params.id, request.body),
  );

  app.put(
    '/api/course/:id/knowledge-graph/replace',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description:
          'Replaces the graph by the source’s: a snapshot of the current graph first (trigger `replace`), then ' +
          'every node and objective deleted and the source’s written. ' +
          TEAM,
        params,
        response: { 200: ReplaceKnowledgeGraphResponseSchema },
      },
    },
    async (request) => sync.replace(actorOf(request), request.params.id),
  );

  app.post(
    '/api/course/:id/knowledge-graphs/similarity',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description:
          'Pairs of similar nodes (cosine of character bigrams of name and description, so Chinese works) within ' +
          'this graph, or between it and `target_course_id`’s, scoring at least `threshold` (0.2–1, default ' +
          '0.6), best first, at most `limit`. Both courses’ teaching team only.',
        params,
        body: KnowledgeSimilarityRequestSchema,
        response: { 200: KnowledgeSimilarityResponseSchema },
      },
    },
    async (request) => sync.similarity(actorOf(request), request.params.id, request.body),
  );

  app.get(
    '/api/course/:id/knowledge-graph/cluster',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: `Groups of similar nodes (pairs at least \`threshold\`, joined transitively). ${TEAM}`,
        params,
        querystring: KnowledgeClusterQuerySchema,
        response: { 200: KnowledgeClustersSchema },
      },
    },
    async (request) => sync.clusters(actorOf(request), request.params.id, request.query.threshold),
  );

  app.get(
    '/api/course/:id/knowledge-graph/embed/cluster-graph',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: `The address of the Lectern page showing the clusters. ${TEAM}`,
        params,
        response: { 200: KnowledgeUrlSchema },
      },
    },
    async (request) => sync.clusterGraphUrl(actorOf(request), request.params.id),
  );

  const kfsDescription =
    'Reads the configured remote knowledge source (another Lectern); 409 when none is configured. Instructors ' +
    'and administrators only.';

  app.get(
    '/api/knowledge-graph/kfs-subjects',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: `The source's course classifications with their courses whose graph is published. ${kfsDescription}`,
        response: { 200: KnowledgeSourceSubjectsSchema },
      },
    },
    async (request) => kfs.subjects(actorOf(request)),
  );

  // A ':' inside a static segment is written '::' for Fastify's router (a single ':' starts a parameter).
  app.get(
    '/api/knowledge-graph/kfs-courses/-/published-forest-versions::batchGet',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: `Published versions of the source's courses \`ids\`, newest first. ${kfsDescription}`,
        querystring: KnowledgeSourceIdsQuerySchema,
        response: { 200: KnowledgePublishedVersionsSchema },
      },
    },
    async (request) => kfs.publishedVersions(actorOf(request), request.query.ids),
  );

  app.get(
    '/api/knowledge-graph/forest-versions/-/stats::batchGet',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: `Figures of the source's published versions \`ids\`. ${kfsDescription}`,
        querystring: KnowledgeSourceIdsQuerySchema,
        response: { 200: KnowledgeVersionStatsSchema },
      },
    },
    async (request) => kfs.versionStats(actorOf(request), request.query.ids),
  );

  app.post(
    '/api/knowledge-graph/courses/:id/kfs-course-import',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description:
          'Makes the remote course’s version (null: the latest) this graph’s source and queues a sync from it. ' +
          TEAM,
        params,
        body: KfsCourseImportRequestSchema,
        response: { 200: KnowledgeSyncStatusSchema },
      },
    },
    async (request) => kfs.importCourse(actorOf(request), request.params.id, request.body),
  );

  app.get(
    '/api/knowledge-graph/courses/:id/kfs-import-info',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: `The graph's source and the last import's state, as sync-status. ${TEAM}`,
        params,
        response: { 200: KnowledgeSyncStatusSchema },
      },
    },
    async (request) => kfs.importInfo(actorOf(request), request.params.id),
  );
}
