import { z } from 'zod';
import { IdParamsSchema, IdSchema } from '@lectern/contracts/common/primitives.schemas';
import {
  KnowledgeForestSchema,
  KnowledgePublishedVersionsSchema,
  KnowledgeSourceIdsQuerySchema,
  KnowledgeSourceSubjectsSchema,
  KnowledgeVersionStatsSchema,
} from '@lectern/contracts/knowledge-graph/knowledge-source.schemas';
import type { Api, AppContext } from '../../platform/app-context.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { knowledgeSourceService } from './knowledge-source.service.ts';

const tags = ['knowledge-graph'];
const WHO =
  'Published graphs of courses the caller is a member of (every course of the organisation for an ' +
  'administrator); anything else answers as missing. Another Lectern reads these with a personal access token.';

/** What this Lectern serves as a knowledge source to other Lecterns (their `kfs` calls). */
export function registerKnowledgeSourceRoutes(app: Api, ctx: AppContext): void {
  const sources = knowledgeSourceService(ctx.db);

  app.get(
    '/api/knowledge-source/subjects',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: `Course classifications with their courses whose graph is published. ${WHO}`,
        response: { 200: KnowledgeSourceSubjectsSchema },
      },
    },
    async (request) => sources.subjects(actorOf(request)),
  );

  app.get(
    '/api/knowledge-source/versions',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: `Publish snapshots (versions) of the courses \`ids\`, newest first. ${WHO}`,
        querystring: KnowledgeSourceIdsQuerySchema,
        response: { 200: KnowledgePublishedVersionsSchema },
      },
    },
    async (request) => sources.versions(actorOf(request), request.query.ids),
  );

  app.get(
    '/api/knowledge-source/version-stats',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: `Figures of the versions \`ids\`. ${WHO}`,
        querystring: KnowledgeSourceIdsQuerySchema,
        response: { 200: KnowledgeVersionStatsSchema },
      },
    },
    async (request) => sources.stats(actorOf(request), request.query.ids),
  );

  app.get(
    '/api/knowledge-source/courses/:id/forest',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: `A version of the course's graph as a forest (\`version_id\`; left out: the latest). ${WHO}`,
        params: IdParamsSchema,
        querystring: z.object({ version_id: IdSchema.optional() }),
        response: { 200: KnowledgeForestSchema },
      },
    },
    async (request) => sources.forest(actorOf(request), request.params.id, request.query.version_id ?? null),
  );
}
