import type { z } from 'zod';
import { randomUUID } from 'node:crypto';
import { KNOWLEDGE_GRAPH_LIMITS } from '@lectern/contracts/knowledge-graph/knowledge-graph.limits';
import type {
  CreateKnowledgeNodeRequestSchema,
  DeleteKnowledgeNodesResponse,
  KnowledgeNode,
  KnowledgeNodeDetail,
  KnowledgeNodesResponse,
  KnowledgeRelation,
  MoveKnowledgeNodeRequestSchema,
  UpdateKnowledgeNodeRequestSchema,
} from '@lectern/contracts/knowledge-graph/knowledge-node.schemas';
import type {
  KnowledgeGraphSnapshot,
  KnowledgeGraphStatus,
  KnowledgeGraphStatusRequestSchema,
  KnowledgeTimelineResponse,
} from '@lectern/contracts/knowledge-graph/knowledge-publish.schemas';
import type {
  CreateKnowledgeRelationRequestSchema,
  UpdateKnowledgeRelationRequestSchema,
} from '@lectern/contracts/knowledge-graph/knowledge-relation.schemas';
import {
  ancestorIds,
  subtreeIds,
  wouldCreateCycle,
} from '@lectern/contracts/knowledge-graph/knowledge-tree.rules';
import type {
  CreateTeachingObjectiveRequestSchema,
  TeachingObjective,
  TeachingObjectivesResponse,
  UpdateTeachingObjectiveRequestSchema,
} from '@lectern/contracts/knowledge-graph/teaching-objective.schemas';
import type { AppContext } from '../../platform/app-context.ts';
import type { Executor } from '../../platform/database.ts';
import { conflict, invalid, notFound, type FieldMessages } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { activityAccess } from '../activities/activity-access.ts';
import { publicListingsService } from '../public-listings/public-listings.service.ts';
import { knowledgeGraphAccess } from './knowledge-graph-access.ts';
import { assertTeachingView, canEditGraph, canSeeTeachingView } from './knowledge-graph.policy.ts';
import {
  presentBrief,
  presentNode,
  presentObjective,
  presentReferences,
  presentRelation,
  presentSnapshot,
  presentTree,
} from './knowledge-graph.presenter.ts';
import { knowledgeGraphRepository, type KnowledgeNodeRow } from './knowledge-graph.repository.ts';
import { knowledgeReferencesRepository, type ReferenceRow } from './knowledge-references.repository.ts';
import { scheduleDailySnapshot } from './knowledge-snapshot.job.ts';
import { takeKnowledgeSnapshot } from './knowledge-snapshot.ts';

type CreateNodeInput = z.output<typeof CreateKnowledgeNodeRequestSchema>;
type UpdateNodeInput = z.output<typeof UpdateKnowledgeNodeRequestSchema>;
type MoveNodeInput = z.output<typeof MoveKnowledgeNodeRequestSchema>;
type CreateRelationInput = z.output<typeof CreateKnowledgeRelationRequestSchema>;
type UpdateRelationInput = z.output<typeof UpdateKnowledgeRelationRequestSchema>;
type StatusInput = z.output<typeof KnowledgeGraphStatusRequestSchema>;
type CreateObjectiveInput = z.output<typeof CreateTeachingObjectiveRequestSchema>;
type UpdateObjectiveInput = z.output<typeof UpdateTeachingObjectiveRequestSchema>;

const flat = (rows: readonly KnowledgeNodeRow[]) =>
  rows.map((r) => ({ id: r.id, parent_id: r.parentId, sort: r.sort }));

/** Nodes, relations, teaching objectives, publishing and snapshots of a course's knowledge graph. */
export function knowledgeGraphService(ctx: AppContext) {
  const db = ctx.db;
  const repo = knowledgeGraphRepository(db);
  const refs = knowledgeReferencesRepository(db);
  const graph = knowledgeGraphAccess(db);
  const activityLoads = activityAccess(db);
  const listings = publicListingsService(ctx);

  /** Refs a non-teaching reader may see: visible activities and their files, never questions. */
  async function visibleReferences(
    actor: Actor,
    teachingView: boolean,
    rows: readonly ReferenceRow[],
  ): Promise<ReferenceRow[]> {
    if (teachingView) return [...rows];
    const activityIds = rows.flatMap((r) => (r.activityId === null ? [] : [r.activityId]));
    const visible = await activityLoads.visibleAmong(actor, activityIds);
    return rows.filter(
      (r) => r.referType !== 'subject' && r.activityId !== null && visible.has(r.activityId),
    );
  }

  /** Puts `nodeId` at `index` (default last) among the children of `parentId`, renumbering them. */
  async function placeAmongSiblings(
    nodes: readonly KnowledgeNodeRow[],
    nodeId: number,
    parentId: number | null,
    index: number | undefined,
    tx: Executor,
  ): Promise<void> {
    const siblings = nodes
      .filter((n) => n.parentId === parentId && n.id !== nodeId)
      .sort((a, b) => a.sort - b.sort || a.id - b.id)
      .map((n) => n.id);
    siblings.splice(Math.min(index ?? siblings.length, siblings.length), 0, nodeId);
    await repo.setSortOrder(siblings, tx);
  }

  async function assertKeyFree(courseId: number, key: string, exceptId: number | null, tx: Executor) {
    if (await repo.nodeKeyTaken(courseId, key, exceptId, tx)) {
      throw invalid({ node_key: ['knowledgeGraph.nodeKeyTaken'] });
    }
  }

  /** Live node ids of the course among `ids`; refuses any other under `field`. */
  async function assertNodesOfCourse(
    courseId: number,
    ids: readonly number[],
    field: string,
    tx: Executor = db,
  ) {
    if (ids.length === 0) return;
    const live = new Set((await repo.listNodes(courseId, tx)).map((n) => n.id));
    if (ids.some((id) => !live.has(id))) throw invalid({ [field]: ['knowledgeGraph.nodeIdsRequired'] });
  }

  async function deleteSubtrees(actor: Actor, courseId: number, rootIds: readonly number[]) {
    return db.transaction(async (tx) => {
      await graph.course(actor, courseId, 'edit', tx);
      await repo.lockCourseGraph(courseId, tx);
      const nodes = await repo.listNodes(courseId, tx);
      const live = new Set(nodes.map((n) => n.id));
      if (rootIds.some((id) => !live.has(id))) {
        throw invalid({ knowledge_node_ids: ['knowledgeGraph.nodeIdsRequired'] });
      }
      const all = new Set(rootIds.flatMap((id) => subtreeIds(flat(nodes), id)));
      const ids = [...all].sort((a, b) => a - b);
      await repo.deleteNodes(courseId, ids, tx);
      return { knowledge_node_ids: ids };
    });
  }

  async function validateRelationEnds(courseId: number, source: number, target: number, tx: Executor) {
    const [a, b] = await Promise.all([repo.findNode(source, tx), repo.findNode(target, tx)]);
    const fields: FieldMessages = {};
    if (!a || a.courseId !== courseId) fields.source = ['knowledgeGraph.relationEndInvalid'];
    if (!b || b.courseId !== courseId) fields.target = ['knowledgeGraph.relationEndInvalid'];
    if (Object.keys(fields).length > 0) throw invalid(fields);
    if (source === target) throw invalid({ target: ['knowledgeGraph.relationSelf'] });
  }

  return {
    /** `GET /api/course/{id}/knowledge-nodes`. */
    async list(
      actor: Actor,
      courseId: number,
      selectedIds: readonly number[] = [],
    ): Promise<KnowledgeNodesResponse> {
      const { access, published, publishedAt } = await graph.course(actor, courseId, 'read');
      const [nodes, relations] = await Promise.all([repo.listNodes(courseId), repo.listRelations(courseId)]);
      return {
        items: presentTree(nodes, new Set(selectedIds)),
        relations: relations.map(presentRelation),
        published,
        published_at: publishedAt?.toISOString() ?? null,
        can_edit: canEditGraph(access),
      };
    },

    /**
     * `GET /anonymous-api/course/{id}/knowledge-nodes`: a public course's published graph for visitors. A
     * course the public may not see, or whose graph is unpublished, answers like a missing one.
     */
    async publicList(courseId: number): Promise<KnowledgeNodesResponse> {
      await listings.courseSummary(null, courseId);
      const state = await repo.state(courseId);
      if (!state?.published) throw notFound('knowledgeGraph.notPublished');
      const [nodes, relations] = await Promise.all([repo.listNodes(courseId), repo.listRelations(courseId)]);
      return {
        items: presentTree(nodes, new Set()),
        relations: relations.map(presentRelation),
        published: true,
        published_at: state.publishedAt?.toISOString() ?? null,
        can_edit: false,
      };
    },

    /** `POST /api/course/{id}/knowledge-node`. */
    async create(actor: Actor, courseId: number, input: CreateNodeInput): Promise<KnowledgeNode> {
      return db.transaction(async (tx) => {
        await graph.course(actor, courseId, 'edit', tx);
        await repo.lockCourseGraph(courseId, tx);
        const nodes = await repo.listNodes(courseId, tx);
        if (nodes.length >= KNOWLEDGE_GRAPH_LIMITS.nodesPerCourse) {
          throw conflict({
            key: 'knowledgeGraph.tooManyNodes',
            params: { max: KNOWLEDGE_GRAPH_LIMITS.nodesPerCourse },
          });
        }
        const parentId = input.parent_id ?? null;
        if (parentId !== null && !nodes.some((n) => n.id === parentId)) {
          throw invalid({ parent_id: ['knowledgeGraph.parentInvalid'] });
        }
        const nodeKey = input.node_key ?? randomUUID();
        await assertKeyFree(courseId, nodeKey, null, tx);
        const row = await repo.insertNode(
          {
            courseId,
            parentId,
            name: input.name,
            nodeKey,
            sort: nodes.length,
            bloomLevel: input.bloom_level ?? null,
            description: input.description ?? '',
            createdBy: actor.userId,
          },
          tx,
        );
        await placeAmongSiblings([...nodes, row], row.id, parentId, input.index, tx);
        const placed = await repo.findNode(row.id, tx);
        return presentNode(placed ?? row);
      });
    },

    /** `GET /api/knowledge-node/{id}`. */
    async get(actor: Actor, nodeId: number): Promise<KnowledgeNodeDetail> {
      const { node, access } = await graph.node(actor, nodeId, 'read');
      const teachingView = canSeeTeachingView(access);
      const [nodes, relations, referenceRows] = await Promise.all([
        repo.listNodes(node.courseId),
        repo.relationsOfNode(node.id),
        refs.referencesOfNodes([node.id]),
      ]);
      const visible = await visibleReferences(actor, teachingView, referenceRows);
      const fragments = await refs.fragmentsOf(visible.flatMap((r) => (r.id === null ? [] : [r.id])));
      const byId = new Map(nodes.map((n) => [n.id, n]));
      return {
        ...presentNode(node),
        ancestors: ancestorIds(flat(nodes), node.id).flatMap((id) => {
          const ancestor = byId.get(id);
          return ancestor ? [presentBrief(ancestor)] : [];
        }),
        children_count: nodes.filter((n) => n.parentId === node.id).length,
        relations: relations.map(presentRelation),
        references: presentReferences(visible, fragments),
      };
    },

    /** `PUT /api/knowledge-node/{id}`. */
    async update(actor: Actor, nodeId: number, input: UpdateNodeInput): Promise<KnowledgeNode> {
      return db.transaction(async (tx) => {
        const { node } = await graph.node(actor, nodeId, 'edit', tx);
        await repo.lockCourseGraph(node.courseId, tx);
        if (input.node_key !== undefined) await assertKeyFree(node.courseId, input.node_key, node.id, tx);
        await repo.updateNode(
          node.id,
          {
            ...(input.name !== undefined ? { name: input.name } : {}),
            ...(input.bloom_level !== undefined ? { bloomLevel: input.bloom_level } : {}),
            ...(input.description !== undefined ? { description: input.description } : {}),
            ...(input.node_key !== undefined ? { nodeKey: input.node_key } : {}),
          },
          tx,
        );
        const row = await repo.findNode(node.id, tx);
        if (!row) throw notFound('knowledgeGraph.nodeNotFound');
        return presentNode(row);
      });
    },

    /** `POST /api/course/{id}/knowledge-node/move`. */
    async move(actor: Actor, courseId: number, input: MoveNodeInput): Promise<KnowledgeNode> {
      return db.transaction(async (tx) => {
        await graph.course(actor, courseId, 'edit', tx);
        await repo.lockCourseGraph(courseId, tx);
        const nodes = await repo.listNodes(courseId, tx);
        const nodeId = input.knowledge_node_id;
        const parentId = input.parent_id ?? null;
        if (!nodes.some((n) => n.id === nodeId)) throw notFound('knowledgeGraph.nodeNotFound');
        if (parentId !== null && !nodes.some((n) => n.id === parentId)) {
          throw invalid({ parent_id: ['knowledgeGraph.parentInvalid'] });
        }
        if (wouldCreateCycle(flat(nodes), nodeId, parentId)) {
          throw invalid({ parent_id: ['knowledgeGraph.moveCycle'] });
        }
        await repo.updateNode(nodeId, { parentId }, tx);
        const moved = nodes.map((n) => (n.id === nodeId ? { ...n, parentId } : n));
        await placeAmongSiblings(moved, nodeId, parentId, input.index, tx);
        const row = await repo.findNode(nodeId, tx);
        if (!row) throw notFound('knowledgeGraph.nodeNotFound');
        return presentNode(row);
      });
    },

    /** `DELETE /api/knowledge-node/{id}`: the node and its subtree. */
    async remove(actor: Actor, nodeId: number): Promise<DeleteKnowledgeNodesResponse> {
      const { node } = await graph.node(actor, nodeId, 'edit');
      return deleteSubtrees(actor, node.courseId, [node.id]);
    },

    /** `POST /api/course/{id}/knowledge-node/delete`. */
    async removeMany(
      actor: Actor,
      courseId: number,
      ids: readonly number[],
    ): Promise<DeleteKnowledgeNodesResponse> {
      return deleteSubtrees(actor, courseId, [...new Set(ids)]);
    },

    /** `POST /api/course/{id}/knowledge-node/relation`. */
    async createRelation(
      actor: Actor,
      courseId: number,
      input: CreateRelationInput,
    ): Promise<KnowledgeRelation> {
      return db.transaction(async (tx) => {
        await graph.course(actor, courseId, 'edit', tx);
        await repo.lockCourseGraph(courseId, tx);
        const source = input.source;
        const target = input.target;
        await validateRelationEnds(courseId, source, target, tx);
        if (await repo.findPair(source, target, null, tx)) throw conflict('knowledgeGraph.relationExists');
        const row = await repo.insertRelation(
          {
            courseId,
            sourceId: source,
            targetId: target,
            type: input.type ?? 'directed',
            createdBy: actor.userId,
          },
          tx,
        );
        return presentRelation(row);
      });
    },

    /** `PUT /api/course/{id}/knowledge-node/relation`. */
    async updateRelation(
      actor: Actor,
      courseId: number,
      input: UpdateRelationInput,
    ): Promise<KnowledgeRelation> {
      return db.transaction(async (tx) => {
        await graph.course(actor, courseId, 'edit', tx);
        await repo.lockCourseGraph(courseId, tx);
        const existing = await repo.findRelation(courseId, input.id, tx);
        if (!existing) throw notFound('knowledgeGraph.relationNotFound');
        const source = input.source ?? existing.sourceId;
        const target = input.target ?? existing.targetId;
        await validateRelationEnds(courseId, source, target, tx);
        if (await repo.findPair(source, target, existing.id, tx))
          throw conflict('knowledgeGraph.relationExists');
        const row = await repo.updateRelation(
          existing.id,
          { sourceId: source, targetId: target, type: input.type ?? existing.type },
          tx,
        );
        if (!row) throw notFound('knowledgeGraph.relationNotFound');
        return presentRelation(row);
      });
    },

    /** `POST /api/course/{id}/knowledge-node/relation/delete`: every id must be a relation of the course. */
    async deleteRelations(actor: Actor, courseId: number, ids: readonly number[]) {
      return db.transaction(async (tx) => {
        await graph.course(actor, courseId, 'edit', tx);
        const unique = [...new Set(ids)];
        const existing = new Set((await repo.listRelations(courseId, tx)).map((r) => r.id));
        if (unique.some((id) => !existing.has(id))) throw notFound('knowledgeGraph.relationNotFound');
        return { relation_ids: await repo.deleteRelations(courseId, unique, tx) };
      });
    },

    /** `POST /api/course/{id}/knowledge-graph-status`: publishing takes a snapshot in the same transaction. */
    /**
     * `GET /api/course/{id}/knowledge-graph-status`: whether the graph is published, for any member (the
     * course page lists the graph for students only then, without asking for the graph itself).
     */
    async status(actor: Actor, courseId: number): Promise<KnowledgeGraphStatus> {
      const state = await graph.status(actor, courseId);
      return {
        published: state.published,
        published_at: state.publishedAt?.toISOString() ?? null,
        snapshot_id: null,
      };
    },

    async setStatus(actor: Actor, courseId: number, input: StatusInput): Promise<KnowledgeGraphStatus> {
      return db.transaction(async (tx) => {
        await graph.course(actor, courseId, 'edit', tx);
        await repo.lockCourseGraph(courseId, tx);
        const publish = input.publish_type === 'publish';
        const state = await repo.setState(courseId, publish, actor.userId, tx);
        const snapshot = publish ? await takeKnowledgeSnapshot(tx, courseId, 'publish', actor.userId) : null;
        await scheduleDailySnapshot(tx, courseId, publish);
        return {
          published: state.published,
          published_at: state.publishedAt?.toISOString() ?? null,
          snapshot_id: snapshot?.id ?? null,
        };
      });
    },

    /** `GET /api/course/{id}/knowledge-stats-timeline`: the teaching team's. */
    async timeline(actor: Actor, courseId: number): Promise<KnowledgeTimelineResponse> {
      const { access } = await graph.course(actor, courseId, 'read');
      assertTeachingView(access);
      const rows = await repo.listSnapshots(courseId);
      return {
        items: rows.map((row) => ({
          id: row.id,
          trigger: row.trigger,
          created_at: row.createdAt.toISOString(),
          node_count: row.tree.length,
          relation_count: row.relations.length,
          completeness_rate: row.completenessRate,
          mastery_rate: row.masteryRate,
        })),
      };
    },

    /** `GET /api/course/{id}/knowledge-graph-snapshot/{snapshotId}`: the teaching team's. */
    async snapshot(actor: Actor, courseId: number, snapshotId: number): Promise<KnowledgeGraphSnapshot> {
      const { access } = await graph.course(actor, courseId, 'read');
      assertTeachingView(access);
      const row = await repo.findSnapshot(courseId, snapshotId);
      if (!row) throw notFound('knowledgeGraph.snapshotNotFound');
      return presentSnapshot(row);
    },

    /** `GET /api/course/{id}/teaching-objective`. */
    async objectives(actor: Actor, courseId: number): Promise<TeachingObjectivesResponse> {
      await graph.course(actor, courseId, 'read');
      const rows = await repo.listObjectives(courseId);
      return { teaching_objectives: rows.map(presentObjective) };
    },

    /** `POST /api/course/{id}/teaching-objective`. */
    async createObjective(
      actor: Actor,
      courseId: number,
      input: CreateObjectiveInput,
    ): Promise<TeachingObjective> {
      return db.transaction(async (tx) => {
        await graph.course(actor, courseId, 'edit', tx);
        await repo.lockCourseGraph(courseId, tx);
        const nodeIds = [...new Set(input.knowledge_node_ids)];
        await assertNodesOfCourse(courseId, nodeIds, 'knowledge_node_ids', tx);
        const existing = await repo.listObjectives(courseId, tx);
        if (existing.length >= KNOWLEDGE_GRAPH_LIMITS.objectivesPerCourse) {
          throw conflict({
            key: 'knowledgeGraph.tooManyObjectives',
            params: { max: KNOWLEDGE_GRAPH_LIMITS.objectivesPerCourse },
          });
        }
        const row = await repo.insertObjective(
          {
            courseId,
            content: input.content,
            knowledgeNodeIds: nodeIds,
            sort: existing.reduce((max, o) => Math.max(max, o.sort + 1), 0),
            createdBy: actor.userId,
          },
          tx,
        );
        return presentObjective(row);
      });
    },

    /** `PUT /api/course/{id}/teaching-objective`. */
    async updateObjective(
      actor: Actor,
      courseId: number,
      input: UpdateObjectiveInput,
    ): Promise<TeachingObjective> {
      return db.transaction(async (tx) => {
        await graph.course(actor, courseId, 'edit', tx);
        const existing = await repo.findObjective(courseId, input.id, tx);
        if (!existing) throw notFound('knowledgeGraph.objectiveNotFound');
        const nodeIds =
          input.knowledge_node_ids === undefined ? undefined : [...new Set(input.knowledge_node_ids)];
        if (nodeIds) await assertNodesOfCourse(courseId, nodeIds, 'knowledge_node_ids', tx);
        const row = await repo.updateObjective(
          existing.id,
          {
            ...(input.content !== undefined ? { content: input.content } : {}),
            ...(nodeIds ? { knowledgeNodeIds: nodeIds } : {}),
            ...(input.sort !== undefined ? { sort: input.sort } : {}),
          },
          tx,
        );
        if (!row) throw notFound('knowledgeGraph.objectiveNotFound');
        return presentObjective(row);
      });
    },

    /** `POST /api/course/{id}/teaching-objective/delete`: every id must be an objective of the course. */
    async deleteObjectives(actor: Actor, courseId: number, ids: readonly number[]) {
      return db.transaction(async (tx) => {
        await graph.course(actor, courseId, 'edit', tx);
        const unique = [...new Set(ids)];
        const existing = new Set((await repo.listObjectives(courseId, tx)).map((o) => o.id));
        if (unique.some((id) => !existing.has(id))) throw notFound('knowledgeGraph.objectiveNotFound');
        return { teaching_objective_ids: await repo.deleteObjectives(courseId, unique, tx) };
      });
    },
  };
}
