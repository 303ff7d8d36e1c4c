import type { z } from 'zod';
import { pageMeta, type PageQuery } from '@lectern/contracts/common/pagination.schemas';
import type {
  CaptureVisitRequestSchema,
  CapturesResponse,
  CreateCaptureRequestSchema,
  KnowledgeCapture,
  RecommendedResourcesResponse,
  ResourceVisitRequestSchema,
} from '@lectern/contracts/knowledge-graph/knowledge-capture.schemas';
import type { AppContext } from '../../platform/app-context.ts';
import { forbidden, invalid, notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { activityAccess } from '../activities/activity-access.ts';
import { knowledgeGraphAccess } from './knowledge-graph-access.ts';
import { canCapture, canSeeTeachingView } from './knowledge-graph.policy.ts';
import { knowledgeCapturesRepository, type CaptureRow } from './knowledge-captures.repository.ts';
import { knowledgeReferencesRepository, type ReferenceRow } from './knowledge-references.repository.ts';

type CreateCaptureInput = z.output<typeof CreateCaptureRequestSchema>;
type ResourceVisitInput = z.output<typeof ResourceVisitRequestSchema>;
type CaptureVisitInput = z.output<typeof CaptureVisitRequestSchema>;

function presentCapture(row: CaptureRow): KnowledgeCapture {
  const c = row.capture;
  return {
    id: c.id,
    course_id: c.courseId,
    knowledge_node_id: c.knowledgeNodeId,
    knowledge_node_name: row.nodeName,
    refer_type: c.referType,
    refer_id: c.referId,
    title: c.title,
    note: c.note,
    is_public: c.isPublic,
    created_by: { id: c.userId, name: row.creatorName },
    created_at: c.createdAt.toISOString(),
    visit_count: row.visitCount,
  };
}

const offsetOf = (query: PageQuery) => (query.page - 1) * query.page_size;

/**
 * Captures (a learner's bookmark of a node's resource, optionally public), the resources recommended
 * under a node, and the visit beacons that feed the statistics.
 */
export function knowledgeCapturesService(ctx: AppContext) {
  const db = ctx.db;
  const repo = knowledgeCapturesRepository(db);
  const refs = knowledgeReferencesRepository(db);
  const graph = knowledgeGraphAccess(db);
  const activityLoads = activityAccess(db);

  /** The node's references the caller may see (the teaching team: all; others: visible activities and their files). */
  async function visibleReferences(
    actor: Actor,
    nodeId: number,
    teachingView: boolean,
  ): Promise<ReferenceRow[]> {
    const rows = await refs.referencesOfNodes([nodeId]);
    if (teachingView) return rows;
    const visible = await activityLoads.visibleAmong(
      actor,
      rows.flatMap((r) => (r.activityId === null ? [] : [r.activityId])),
    );
    return rows.filter(
      (r) => r.referType !== 'subject' && r.activityId !== null && visible.has(r.activityId),
    );
  }

  return {
    /** `GET /api/my-captures`. */
    async mine(
      actor: Actor,
      query: PageQuery & { course_id?: number | undefined },
    ): Promise<CapturesResponse> {
      const { rows, total } = await repo.mine(
        actor.userId,
        query.course_id,
        query.page_size,
        offsetOf(query),
      );
      return { ...pageMeta(query, total), items: rows.map(presentCapture) };
    },

    /** `GET /api/public-captures`: of the courses whose graph the caller reads. */
    async public(
      actor: Actor,
      query: PageQuery & { course_id?: number | undefined },
    ): Promise<CapturesResponse> {
      const { rows, total } = await repo.publicFor(
        actor.userId,
        query.course_id,
        query.page_size,
        offsetOf(query),
      );
      return { ...pageMeta(query, total), items: rows.map(presentCapture) };
    },

    /** `GET /api/knowledge-node/{id}/recommended-captures`. */
    async recommended(actor: Actor, nodeId: number, query: PageQuery): Promise<CapturesResponse> {
      const { node } = await graph.node(actor, nodeId, 'read');
      const { rows, total } = await repo.recommended(node.id, query.page_size, offsetOf(query));
      return { ...pageMeta(query, total), items: rows.map(presentCapture) };
    },

    /** `POST /api/knowledge-node/{id}/capture`: one of the node's resources the caller can see. */
    async create(actor: Actor, nodeId: number, input: CreateCaptureInput): Promise<KnowledgeCapture> {
      const { node, access, published } = await graph.node(actor, nodeId, 'read');
      if (!canCapture(access, published)) throw forbidden();
      const resources = await visibleReferences(actor, node.id, canSeeTeachingView(access));
      const resource = resources.find(
        (r) => r.referType === input.refer_type && r.referId === input.refer_id,
      );
      if (!resource) throw invalid({ refer_id: ['knowledgeGraph.resourceNotReferenced'] });
      const row = await repo.insert({
        courseId: node.courseId,
        knowledgeNodeId: node.id,
        userId: actor.userId,
        referType: input.refer_type,
        referId: input.refer_id,
        title: input.title !== undefined && input.title !== '' ? input.title : resource.title,
        note: input.note,
        isPublic: input.is_public,
      });
      const capture = await repo.find(row.id);
      if (!capture) throw notFound('knowledgeGraph.captureNotFound');
      return presentCapture(capture);
    },

    /** `GET /api/knowledge-node/{id}/recommended-resource-references`: most visited first. */
    async recommendedResources(
      actor: Actor,
      nodeId: number,
      query: PageQuery,
    ): Promise<RecommendedResourcesResponse> {
      const { node, access } = await graph.node(actor, nodeId, 'read');
      const [rows, visits] = await Promise.all([
        visibleReferences(actor, node.id, canSeeTeachingView(access)),
        repo.resourceVisitCounts(node.id),
      ]);
      const items = rows
        .map((r) => ({
          refer_type: r.referType,
          refer_id: r.referId,
          title: r.title,
          activity_type: r.activityType,
          visit_count: visits.get(`${r.referType}:${r.referId}`) ?? 0,
        }))
        .sort((a, b) => b.visit_count - a.visit_count || a.title.localeCompare(b.title));
      const offset = offsetOf(query);
      return { ...pageMeta(query, items.length), items: items.slice(offset, offset + query.page_size) };
    },

    /**
     * `POST /api/knowledge-resource-visit`: the resource must be one of the node's the caller can see. A
     * simulating instructor's visit is not a student's, so it is not stored.
     */
    async resourceVisit(actor: Actor, input: ResourceVisitInput): Promise<void> {
      const { access } = await graph.course(actor, input.course_id, 'read');
      const node = await graph.nodeOfCourse(input.course_id, input.knowledge_node_id);
      const resources = await visibleReferences(actor, node.id, canSeeTeachingView(access));
      if (!resources.some((r) => r.referType === input.resource_type && r.referId === input.resource_id)) {
        throw invalid({ resource_id: ['knowledgeGraph.resourceNotReferenced'] });
      }
      if (access.simulating) return;
      await repo.insertVisit({
        courseId: node.courseId,
        knowledgeNodeId: node.id,
        userId: actor.userId,
        targetType: input.resource_type,
        targetId: input.resource_id,
      });
    },

    /** `POST /api/knowledge-capture-visit`: a public capture, or the caller's own. */
    async captureVisit(actor: Actor, input: CaptureVisitInput): Promise<void> {
      const capture = await repo.find(input.capture_id);
      if (!capture) throw notFound('knowledgeGraph.captureNotFound');
      const { access } = await graph.course(actor, capture.capture.courseId, 'read');
      if (!capture.capture.isPublic && capture.capture.userId !== actor.userId) {
        throw notFound('knowledgeGraph.captureNotFound');
      }
      if (access.simulating) return;
      await repo.insertVisit({
        courseId: capture.capture.courseId,
        knowledgeNodeId: capture.capture.knowledgeNodeId,
        userId: actor.userId,
        targetType: 'capture',
        targetId: capture.capture.id,
      });
    },
  };
}
