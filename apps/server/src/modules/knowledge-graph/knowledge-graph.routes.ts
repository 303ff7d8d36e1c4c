import { PageQuerySchema } from '@lectern/contracts/common/pagination.schemas';
import { IdParamsSchema } from '@lectern/contracts/common/primitives.schemas';
import {
  CaptureVisitRequestSchema,
  CapturesQuerySchema,
  CapturesResponseSchema,
  CreateCaptureRequestSchema,
  KnowledgeCaptureSchema,
  RecommendedResourcesResponseSchema,
  ResourceVisitRequestSchema,
} from '@lectern/contracts/knowledge-graph/knowledge-capture.schemas';
import {
  CourseIdParamsSchema,
  CourseKnowledgeNodeParamsSchema,
  CreateKnowledgeNodeRequestSchema,
  DeleteKnowledgeNodesRequestSchema,
  DeleteKnowledgeNodesResponseSchema,
  KnowledgeNodeDetailSchema,
  KnowledgeNodeFacetsSchema,
  KnowledgeNodeFragmentsSchema,
  KnowledgeNodeIdParamsSchema,
  KnowledgeNodeSchema,
  KnowledgeNodesQuerySchema,
  KnowledgeNodesResponseSchema,
  KnowledgeRelationSchema,
  MoveKnowledgeNodeRequestSchema,
  UpdateKnowledgeNodeRequestSchema,
} from '@lectern/contracts/knowledge-graph/knowledge-node.schemas';
import {
  KnowledgeGraphSnapshotSchema,
  KnowledgeGraphStatusRequestSchema,
  KnowledgeGraphStatusSchema,
  KnowledgeTimelineResponseSchema,
  SnapshotParamsSchema,
} from '@lectern/contracts/knowledge-graph/knowledge-publish.schemas';
import {
  ActivityKnowledgeReferencesResponseSchema,
  CoursewareActivitiesResponseSchema,
  FragmentsDeleteRequestSchema,
  KnowledgeReferencesRequestSchema,
  KnowledgeReferencesResponseSchema,
  RelatedMediaRequestSchema,
} from '@lectern/contracts/knowledge-graph/knowledge-reference.schemas';
import {
  CreateKnowledgeRelationRequestSchema,
  DeleteKnowledgeRelationsRequestSchema,
  DeleteKnowledgeRelationsResponseSchema,
  UpdateKnowledgeRelationRequestSchema,
} from '@lectern/contracts/knowledge-graph/knowledge-relation.schemas';
import {
  CreateTeachingObjectiveRequestSchema,
  DeleteTeachingObjectivesRequestSchema,
  DeleteTeachingObjectivesResponseSchema,
  TeachingObjectiveSchema,
  TeachingObjectivesResponseSchema,
  UpdateTeachingObjectiveRequestSchema,
} from '@lectern/contracts/knowledge-graph/teaching-objective.schemas';
import type { Api, AppContext } from '../../platform/app-context.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { knowledgeCapturesService } from './knowledge-captures.service.ts';
import { knowledgeGraphService } from './knowledge-graph.service.ts';
import { knowledgeReferencesService } from './knowledge-references.service.ts';

const tags = ['knowledge-graph'];
const TEAM = 'The course’s teaching team only (not while viewing as a student).';
const READERS = 'The teaching team; other members of the course once the graph is published.';
const TEAM_READ = 'The course’s teaching team only.';

/** Spec 001 section 7 "Knowledge graph": nodes, relations, references, objectives, publishing, captures. */
export function registerKnowledgeGraphRoutes(app: Api, ctx: AppContext): void {
  const graph = knowledgeGraphService(ctx);
  const references = knowledgeReferencesService(ctx);
  const captures = knowledgeCapturesService(ctx);

  app.get(
    '/api/course/:id/knowledge-nodes',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: `The course’s knowledge tree (items), its relations and publish state; nodes in selected_ids come selected. ${READERS}`,
        params: CourseIdParamsSchema,
        querystring: KnowledgeNodesQuerySchema,
        response: { 200: KnowledgeNodesResponseSchema },
      },
    },
    async (request) => graph.list(actorOf(request), request.params.id, request.query.selected_ids ?? []),
  );

  app.get(
    '/anonymous-api/course/:id/knowledge-nodes',
    {
      config: { access: 'public' },
      schema: {
        tags,
        description:
          'A public course’s published knowledge tree and relations, for visitors; any other course answers 404.',
        params: CourseIdParamsSchema,
        response: { 200: KnowledgeNodesResponseSchema },
      },
    },
    async (request) => graph.publicList(request.params.id),
  );

  app.post(
    '/api/course/:id/knowledge-node',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: `Adds a node (a root without parent_id), last among its siblings unless index says where. ${TEAM}`,
        params: CourseIdParamsSchema,
        body: CreateKnowledgeNodeRequestSchema,
        response: { 201: KnowledgeNodeSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await graph.create(actorOf(request), request.params.id, request.body)),
  );

  app.get(
    '/api/knowledge-node/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: `A node with its ancestors, relations and references (students see visible activities and their files only). ${READERS}`,
        params: KnowledgeNodeIdParamsSchema,
        response: { 200: KnowledgeNodeDetailSchema },
      },
    },
    async (request) => graph.get(actorOf(request), request.params.id),
  );

  app.put(
    '/api/knowledge-node/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: `Changes a node’s name, Bloom level, description or key. ${TEAM}`,
        params: KnowledgeNodeIdParamsSchema,
        body: UpdateKnowledgeNodeRequestSchema,
        response: { 200: KnowledgeNodeSchema },
      },
    },
    async (request) => graph.update(actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/knowledge-node/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: `Deletes a node with its subtree, their relations, references and question links. ${TEAM}`,
        params: KnowledgeNodeIdParamsSchema,
        response: { 200: DeleteKnowledgeNodesResponseSchema },
      },
    },
    async (request) => graph.remove(actorOf(request), request.params.id),
  );

  app.post(
    '/api/course/:id/knowledge-node/delete',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: `Deletes the nodes (each with its subtree) in one transaction; every id must be a node of the course. ${TEAM}`,
        params: CourseIdParamsSchema,
        body: DeleteKnowledgeNodesRequestSchema,
        response: { 200: DeleteKnowledgeNodesResponseSchema },
      },
    },
    async (request) => graph.removeMany(actorOf(request), request.params.id, request.body.knowledge_node_ids),
  );

  app.post(
    '/api/course/:id/knowledge-node/move',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: `Moves a node (with its subtree) under another parent or to the top level; never under itself or a descendant. ${TEAM}`,
        params: CourseIdParamsSchema,
        body: MoveKnowledgeNodeRequestSchema,
        response: { 200: KnowledgeNodeSchema },
      },
    },
    async (request) => graph.move(actorOf(request), request.params.id, request.body),
  );

  app.get(
    '/api/course/:id/knowledge-node/:nid/facets',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: `How many activities, files and questions the node is linked to, and its activities by type. ${READERS}`,
        params: CourseKnowledgeNodeParamsSchema,
        response: { 200: KnowledgeNodeFacetsSchema },
      },
    },
    async (request) => references.facets(actorOf(request), request.params.id, request.params.nid),
  );

  app.get(
    '/api/course/:id/knowledge-node/:nid/fragments',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: `The parts of activities (video chapters) that teach the node. ${READERS}`,
        params: CourseKnowledgeNodeParamsSchema,
        response: { 200: KnowledgeNodeFragmentsSchema },
      },
    },
    async (request) => references.fragments(actorOf(request), request.params.id, request.params.nid),
  );

  app.post(
    '/api/course/:id/knowledge-node/relation',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: `Relates two nodes of the course (directed or not); not a node to itself, one relation per pair. ${TEAM}`,
        params: CourseIdParamsSchema,
        body: CreateKnowledgeRelationRequestSchema,
        response: { 201: KnowledgeRelationSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await graph.createRelation(actorOf(request), request.params.id, request.body)),
  );

  app.put(
    '/api/course/:id/knowledge-node/relation',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: `Changes a relation’s ends or type. ${TEAM}`,
        params: CourseIdParamsSchema,
        body: UpdateKnowledgeRelationRequestSchema,
        response: { 200: KnowledgeRelationSchema },
      },
    },
    async (request) => graph.updateRelation(actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/course/:id/knowledge-node/relation/delete',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: `Deletes relations of the course. ${TEAM}`,
        params: CourseIdParamsSchema,
        body: DeleteKnowledgeRelationsRequestSchema,
        response: { 200: DeleteKnowledgeRelationsResponseSchema },
      },
    },
    async (request) => graph.deleteRelations(actorOf(request), request.params.id, request.body.relation_ids),
  );

  app.post(
    '/api/knowledge-node/:id/reference',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: `Links the node to activities, files or questions of its course; answers the node’s references. ${TEAM}`,
        params: KnowledgeNodeIdParamsSchema,
        body: KnowledgeReferencesRequestSchema,
        response: { 200: KnowledgeReferencesResponseSchema },
      },
    },
    async (request) => references.add(actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/knowledge-node/:id/reference/delete',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: `Unlinks activities, files or questions from the node; answers the node’s references. ${TEAM}`,
        params: KnowledgeNodeIdParamsSchema,
        body: KnowledgeReferencesRequestSchema,
        response: { 200: KnowledgeReferencesResponseSchema },
      },
    },
    async (request) => references.remove(actorOf(request), request.params.id, request.body),
  );

  app.get(
    '/api/course/:id/teaching-objective',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: `The course’s teaching objectives in order. ${READERS}`,
        params: CourseIdParamsSchema,
        response: { 200: TeachingObjectivesResponseSchema },
      },
    },
    async (request) => graph.objectives(actorOf(request), request.params.id),
  );

  app.post(
    '/api/course/:id/teaching-objective',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: `Adds a teaching objective, optionally tied to nodes of the course. ${TEAM}`,
        params: CourseIdParamsSchema,
        body: CreateTeachingObjectiveRequestSchema,
        response: { 201: TeachingObjectiveSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await graph.createObjective(actorOf(request), request.params.id, request.body)),
  );

  app.put(
    '/api/course/:id/teaching-objective',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: `Changes a teaching objective (id in the body). ${TEAM}`,
        params: CourseIdParamsSchema,
        body: UpdateTeachingObjectiveRequestSchema,
        response: { 200: TeachingObjectiveSchema },
      },
    },
    async (request) => graph.updateObjective(actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/course/:id/teaching-objective/delete',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: `Deletes teaching objectives of the course. ${TEAM}`,
        params: CourseIdParamsSchema,
        body: DeleteTeachingObjectivesRequestSchema,
        response: { 200: DeleteTeachingObjectivesResponseSchema },
      },
    },
    async (request) =>
      graph.deleteObjectives(actorOf(request), request.params.id, request.body.teaching_objective_ids),
  );

  app.get(
    '/api/course/:id/knowledge-graph-status',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: 'Whether the graph is published to the course’s students. Any member of the course.',
        params: CourseIdParamsSchema,
        response: { 200: KnowledgeGraphStatusSchema },
      },
    },
    async (request) => graph.status(actorOf(request), request.params.id),
  );

  app.post(
    '/api/course/:id/knowledge-graph-status',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: `Publishes the graph to the course’s students (taking a snapshot) or withdraws it. ${TEAM}`,
        params: CourseIdParamsSchema,
        body: KnowledgeGraphStatusRequestSchema,
        response: { 200: KnowledgeGraphStatusSchema },
      },
    },
    async (request) => graph.setStatus(actorOf(request), request.params.id, request.body),
  );

  app.get(
    '/api/course/:id/knowledge-stats-timeline',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: `The graph’s snapshots, newest first, with the class’s completeness and mastery then. ${TEAM_READ}`,
        params: CourseIdParamsSchema,
        response: { 200: KnowledgeTimelineResponseSchema },
      },
    },
    async (request) => graph.timeline(actorOf(request), request.params.id),
  );

  app.get(
    '/api/course/:id/knowledge-graph-snapshot/:snapshotId',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: `One snapshot: the tree, relations, completeness and mastery as they were. ${TEAM_READ}`,
        params: SnapshotParamsSchema,
        response: { 200: KnowledgeGraphSnapshotSchema },
      },
    },
    async (request) => graph.snapshot(actorOf(request), request.params.id, request.params.snapshotId),
  );

  app.get(
    '/api/course/:id/courseware-activities',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: `The course’s activities a node may be linked to, with the nodes each already has. ${TEAM_READ}`,
        params: CourseIdParamsSchema,
        response: { 200: CoursewareActivitiesResponseSchema },
      },
    },
    async (request) => references.coursewareActivities(actorOf(request), request.params.id),
  );

  app.post(
    '/api/activities/:id/knowledge-references/related-media',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: `Links the activity to exactly these nodes of its course, with fragments (video chapters). ${TEAM}`,
        params: IdParamsSchema,
        body: RelatedMediaRequestSchema,
        response: { 200: ActivityKnowledgeReferencesResponseSchema },
      },
    },
    async (request) => references.relateMedia(actorOf(request), request.params.id, request.body),
  );

  app.put(
    '/api/activities/:id/knowledge-references/fragments-delete',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: `Removes one fragment (chapter_id) from one of the activity’s node links. ${TEAM}`,
        params: IdParamsSchema,
        body: FragmentsDeleteRequestSchema,
        response: { 200: ActivityKnowledgeReferencesResponseSchema },
      },
    },
    async (request) => references.deleteFragment(actorOf(request), request.params.id, request.body),
  );

  app.get(
    '/api/activities/:id/knowledge-references/get',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: `The nodes the activity teaches, with fragments. Whoever sees the activity, when they read the graph.`,
        params: IdParamsSchema,
        response: { 200: ActivityKnowledgeReferencesResponseSchema },
      },
    },
    async (request) => references.ofActivity(actorOf(request), request.params.id),
  );

  app.get(
    '/api/my-captures',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: 'The caller’s captures, newest first (optionally of one course).',
        querystring: CapturesQuerySchema,
        response: { 200: CapturesResponseSchema },
      },
    },
    async (request) => captures.mine(actorOf(request), request.query),
  );

  app.get(
    '/api/public-captures',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: 'Public captures of the courses whose graph the caller reads, newest first.',
        querystring: CapturesQuerySchema,
        response: { 200: CapturesResponseSchema },
      },
    },
    async (request) => captures.public(actorOf(request), request.query),
  );

  app.post(
    '/api/knowledge-node/:id/capture',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: `Bookmarks one of the node’s resources for the caller, optionally public. ${READERS}`,
        params: KnowledgeNodeIdParamsSchema,
        body: CreateCaptureRequestSchema,
        response: { 201: KnowledgeCaptureSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await captures.create(actorOf(request), request.params.id, request.body)),
  );

  app.get(
    '/api/knowledge-node/:id/recommended-captures',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: `The node’s public captures, most visited first. ${READERS}`,
        params: KnowledgeNodeIdParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: CapturesResponseSchema },
      },
    },
    async (request) => captures.recommended(actorOf(request), request.params.id, request.query),
  );

  app.get(
    '/api/knowledge-node/:id/recommended-resource-references',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: `The node’s resources the caller can see, most visited first. ${READERS}`,
        params: KnowledgeNodeIdParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: RecommendedResourcesResponseSchema },
      },
    },
    async (request) => captures.recommendedResources(actorOf(request), request.params.id, request.query),
  );

  // The beacons record the caller's own reading; a simulating instructor's pass but are not stored.
  app.post(
    '/api/knowledge-resource-visit',
    {
      config: { access: 'user', allowWhileSimulating: true },
      schema: {
        tags,
        description: `Records that the caller opened one of a node’s resources. ${READERS}`,
        body: ResourceVisitRequestSchema,
      },
    },
    async (request, reply) => {
      await captures.resourceVisit(actorOf(request), request.body);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/knowledge-capture-visit',
    {
      config: { access: 'user', allowWhileSimulating: true },
      schema: {
        tags,
        description: 'Records that the caller opened a capture (public, or their own).',
        body: CaptureVisitRequestSchema,
      },
    },
    async (request, reply) => {
      await captures.captureVisit(actorOf(request), request.body);
      return reply.status(204).send();
    },
  );
}
