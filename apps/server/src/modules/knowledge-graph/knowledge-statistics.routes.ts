import {
  KnowledgeCourseParamsSchema,
  KnowledgeCourseStudentParamsSchema,
  KnowledgeNodeActivityDetailSchema,
  KnowledgeNodeOverviewSchema,
  KnowledgeNodeResourceDetailSchema,
  KnowledgeNodeStatParamsSchema,
  KnowledgeNodeStudentDetailSchema,
  KnowledgeNodeStudentParamsSchema,
  KnowledgeNodeStudentSchema,
  KnowledgeReferTypeStatsSchema,
  KnowledgeStatKeywordQuerySchema,
  KnowledgeStatPageQuerySchema,
  KnowledgeStatSummarySchema,
  KnowledgeStudentActivityStatsSchema,
  KnowledgeStudentNodesSchema,
  KnowledgeStudentOverallSchema,
  KnowledgeStudentResourceStatsSchema,
  KnowledgeStudentsDimensionSchema,
} from '@lectern/contracts/knowledge-graph/knowledge-statistics.contract';
import type { Api, AppContext } from '../../platform/app-context.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { knowledgeStatisticsService } from './knowledge-statistics.service.ts';

const tags = ['knowledge-graph'];
const TEACHING = 'The course’s teaching team only.';
const OWN =
  'The teaching team for any student of the course; a student for themselves once the graph is published.';

/** Spec 001 section 7 "Knowledge graph", statistics calls. */
export function registerKnowledgeStatisticsRoutes(app: Api, ctx: AppContext): void {
  const stats = knowledgeStatisticsService(ctx);

  app.get(
    '/api/course/:id/knowledge-nodes/statistics/summary',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: `Every node’s class mastery and completeness, the course means and the typical weak nodes. ${TEACHING}`,
        params: KnowledgeCourseParamsSchema,
        response: { 200: KnowledgeStatSummarySchema },
      },
    },
    async (request) => stats.summary(actorOf(request), request.params.id),
  );

  app.get(
    '/api/course/:id/knowledge-nodes/statistics/students-dimension',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: `A page of the course’s students with their mastery over all nodes. ${TEACHING}`,
        params: KnowledgeCourseParamsSchema,
        querystring: KnowledgeStatPageQuerySchema,
        response: { 200: KnowledgeStudentsDimensionSchema },
      },
    },
    async (request) => stats.studentsDimension(actorOf(request), request.params.id, request.query),
  );

  app.get(
    '/api/course/:id/knowledge-nodes/statistics/refer-type',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: `What the course’s nodes reference, by kind (activity types, files, questions). ${TEACHING}`,
        params: KnowledgeCourseParamsSchema,
        response: { 200: KnowledgeReferTypeStatsSchema },
      },
    },
    async (request) => stats.referTypes(actorOf(request), request.params.id),
  );

  app.get(
    '/api/knowledge-nodes/:id/statistics/overview',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: `One node’s class figures and mastery distribution. ${TEACHING}`,
        params: KnowledgeNodeStatParamsSchema,
        response: { 200: KnowledgeNodeOverviewSchema },
      },
    },
    async (request) => stats.overview(actorOf(request), request.params.id),
  );

  app.get(
    '/api/knowledge-nodes/:id/statistics/student-detail',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: `A page of the course’s students on one node, weakest first. ${TEACHING}`,
        params: KnowledgeNodeStatParamsSchema,
        querystring: KnowledgeStatPageQuerySchema,
        response: { 200: KnowledgeNodeStudentDetailSchema },
      },
    },
    async (request) => stats.studentDetail(actorOf(request), request.params.id, request.query),
  );

  app.get(
    '/api/knowledge-nodes/:id/statistics/resource-detail',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: `The node’s files with the students’ visits. ${TEACHING}`,
        params: KnowledgeNodeStatParamsSchema,
        querystring: KnowledgeStatPageQuerySchema,
        response: { 200: KnowledgeNodeResourceDetailSchema },
      },
    },
    async (request) => stats.resourceDetail(actorOf(request), request.params.id, request.query),
  );

  app.get(
    '/api/knowledge-nodes/:id/statistics/activity-detail',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: `The node’s activities with the class’s completion and score rate. ${TEACHING}`,
        params: KnowledgeNodeStatParamsSchema,
        querystring: KnowledgeStatPageQuerySchema,
        response: { 200: KnowledgeNodeActivityDetailSchema },
      },
    },
    async (request) => stats.activityDetail(actorOf(request), request.params.id, request.query),
  );

  app.get(
    '/api/courses/:id/students/:sid/knowledge-nodes/overall-stats',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: `A student’s mastery and completeness over the course, beside the class’s. ${OWN}`,
        params: KnowledgeCourseStudentParamsSchema,
        response: { 200: KnowledgeStudentOverallSchema },
      },
    },
    async (request) => stats.studentOverall(actorOf(request), request.params.id, request.params.sid),
  );

  app.get(
    '/api/course/:id/knowledge-nodes/student/:sid/stats',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: `Every node of the course for one student. ${OWN}`,
        params: KnowledgeCourseStudentParamsSchema,
        response: { 200: KnowledgeStudentNodesSchema },
      },
    },
    async (request) => stats.studentNodes(actorOf(request), request.params.id, request.params.sid),
  );

  app.get(
    '/api/knowledge-nodes/:id/student/:sid/stat',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: `One node for one student. ${OWN}`,
        params: KnowledgeNodeStudentParamsSchema,
        response: { 200: KnowledgeNodeStudentSchema },
      },
    },
    async (request) => stats.nodeStudent(actorOf(request), request.params.id, request.params.sid),
  );

  app.get(
    '/api/knowledge-nodes/:id/student/:sid/resource/stat',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: `The node’s files with one student’s visits. ${OWN}`,
        params: KnowledgeNodeStudentParamsSchema,
        querystring: KnowledgeStatKeywordQuerySchema,
        response: { 200: KnowledgeStudentResourceStatsSchema },
      },
    },
    async (request) =>
      stats.studentResources(actorOf(request), request.params.id, request.params.sid, request.query),
  );

  app.get(
    '/api/knowledge-nodes/:id/student/:sid/activity/stat',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: `The node’s activities with one student’s completion and score. ${OWN}`,
        params: KnowledgeNodeStudentParamsSchema,
        querystring: KnowledgeStatKeywordQuerySchema,
        response: { 200: KnowledgeStudentActivityStatsSchema },
      },
    },
    async (request) =>
      stats.studentActivities(actorOf(request), request.params.id, request.params.sid, request.query),
  );
}
