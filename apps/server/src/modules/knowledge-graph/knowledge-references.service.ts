import type { z } from 'zod';
import type {
  KnowledgeNodeFacets,
  KnowledgeNodeFragments,
} from '@lectern/contracts/knowledge-graph/knowledge-node.schemas';
import type {
  ActivityKnowledgeReferencesResponse,
  CoursewareActivitiesResponse,
  FragmentsDeleteRequestSchema,
  KnowledgeReferencesRequestSchema,
  KnowledgeReferencesResponse,
  RelatedMediaRequestSchema,
} from '@lectern/contracts/knowledge-graph/knowledge-reference.schemas';
import type { AppContext } from '../../platform/app-context.ts';
import type { Executor } from '../../platform/database.ts';
import { invalid, notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { activityAccess } from '../activities/activity-access.ts';
import { knowledgeGraphAccess } from './knowledge-graph-access.ts';
import { assertTeachingView, canSeeTeachingView } from './knowledge-graph.policy.ts';
import { presentBrief, presentFragment, presentReferences } from './knowledge-graph.presenter.ts';
import { knowledgeGraphRepository } from './knowledge-graph.repository.ts';
import {
  knowledgeReferencesRepository,
  type ReferenceRow,
  type ReferType,
} from './knowledge-references.repository.ts';

type ReferencesInput = z.output<typeof KnowledgeReferencesRequestSchema>;
type RelatedMediaInput = z.output<typeof RelatedMediaRequestSchema>;
type FragmentsDeleteInput = z.output<typeof FragmentsDeleteRequestSchema>;

/**
 * What nodes are linked to: references to activities, files and questions (add, remove, counts), the
 * fragments of activities, and the activity side of the same links (the picker on an activity).
 */
export function knowledgeReferencesService(ctx: AppContext) {
  const db = ctx.db;
  const repo = knowledgeReferencesRepository(db);
  const nodes = knowledgeGraphRepository(db);
  const graph = knowledgeGraphAccess(db);
  const activityLoads = activityAccess(db);

  async function nodeReferences(nodeId: number, tx: Executor = db): Promise<KnowledgeReferencesResponse> {
    const rows = await repo.referencesOfNodes([nodeId], tx);
    const fragments = await repo.fragmentsOf(
      rows.flatMap((r) => (r.id === null ? [] : [r.id])),
      tx,
    );
    return { references: presentReferences(rows, fragments) };
  }

  /** Refuses targets that are not activities, files or questions of the course. */
  async function assertTargetsOfCourse(
    courseId: number,
    targets: readonly { referType: ReferType; referId: number }[],
    tx: Executor,
  ): Promise<void> {
    const idsOf = (type: ReferType) => targets.filter((t) => t.referType === type).map((t) => t.referId);
    const [activityIds, uploadIds, subjectIds] = await Promise.all([
      repo.activitiesOfCourse(courseId, idsOf('activity'), tx),
      repo.uploadsOfCourse(courseId, idsOf('upload'), tx),
      repo.subjectsOfCourse(courseId, idsOf('subject'), tx),
    ]);
    const found = { activity: activityIds, upload: uploadIds, subject: subjectIds };
    if (targets.some((t) => !found[t.referType].has(t.referId))) {
      throw invalid({ references: ['knowledgeGraph.referenceNotInCourse'] });
    }
  }

  async function activityReferences(
    activityId: number,
    tx: Executor = db,
  ): Promise<ActivityKnowledgeReferencesResponse> {
    const rows = await repo.ofActivity(activityId, tx);
    const fragments = await repo.fragmentsOf(
      rows.map((r) => r.reference.id),
      tx,
    );
    return {
      activity_id: activityId,
      references: rows.map(({ reference, node }) => ({
        id: reference.id,
        knowledge_node_id: node.id,
        knowledge_node: presentBrief(node),
        fragments: fragments.filter((f) => f.referenceId === reference.id).map(presentFragment),
      })),
    };
  }

  const targetsOf = (input: ReferencesInput) => {
    const seen = new Set<string>();
    return input.references
      .map((r) => ({ referType: r.refer_type, referId: r.refer_id }))
      .filter((t) => {
        const key = `${t.referType}:${t.referId}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
  };

  return {
    /** `POST /api/knowledge-node/{id}/reference`. */
    async add(actor: Actor, nodeId: number, input: ReferencesInput): Promise<KnowledgeReferencesResponse> {
      return db.transaction(async (tx) => {
        const { node } = await graph.node(actor, nodeId, 'edit', tx);
        const targets = targetsOf(input);
        await assertTargetsOfCourse(node.courseId, targets, tx);
        await repo.add(node.courseId, node.id, targets, actor.userId, tx);
        return nodeReferences(node.id, tx);
      });
    },

    /** `POST /api/knowledge-node/{id}/reference/delete`. */
    async remove(actor: Actor, nodeId: number, input: ReferencesInput): Promise<KnowledgeReferencesResponse> {
      return db.transaction(async (tx) => {
        const { node } = await graph.node(actor, nodeId, 'edit', tx);
        await repo.remove(node.id, targetsOf(input), tx);
        return nodeReferences(node.id, tx);
      });
    },

    /** `GET /api/course/{id}/knowledge-node/{nid}/facets`: what the reader may see, counted by kind. */
    async facets(actor: Actor, courseId: number, nodeId: number): Promise<KnowledgeNodeFacets> {
      const { access } = await graph.course(actor, courseId, 'read');
      const node = await graph.nodeOfCourse(courseId, nodeId);
      const all = await repo.referencesOfNodes([node.id]);
      let rows: ReferenceRow[] = all;
      if (!canSeeTeachingView(access)) {
        const visible = await activityLoads.visibleAmong(
          actor,
          all.flatMap((r) => (r.activityId === null ? [] : [r.activityId])),
        );
        rows = all.filter(
          (r) => r.referType !== 'subject' && r.activityId !== null && visible.has(r.activityId),
        );
      }
      const fragments = await repo.fragmentsOf(
        rows.flatMap((r) => (r.id !== null && r.referType === 'activity' ? [r.id] : [])),
      );
      const count = (type: ReferType) => rows.filter((r) => r.referType === type).length;
      const byActivityType = new Map<string, number>();
      for (const row of rows) {
        if (row.referType === 'activity' && row.activityType !== null) {
          byActivityType.set(row.activityType, (byActivityType.get(row.activityType) ?? 0) + 1);
        }
      }
      return {
        knowledge_node_id: node.id,
        total: rows.length,
        facets: (['activity', 'upload', 'subject'] as const).map((type) => ({
          refer_type: type,
          count: count(type),
        })),
        activity_types: [...byActivityType.entries()]
          .map(([activity_type, n]) => ({ activity_type, count: n }))
          .sort((a, b) => b.count - a.count || a.activity_type.localeCompare(b.activity_type)),
        fragment_count: fragments.length,
      };
    },

    /** `GET /api/course/{id}/knowledge-node/{nid}/fragments`. */
    async fragments(actor: Actor, courseId: number, nodeId: number): Promise<KnowledgeNodeFragments> {
      const { access } = await graph.course(actor, courseId, 'read');
      const node = await graph.nodeOfCourse(courseId, nodeId);
      let rows = await repo.fragmentsOfNode(node.id);
      if (!canSeeTeachingView(access)) {
        const visible = await activityLoads.visibleAmong(
          actor,
          rows.map((r) => r.activityId),
        );
        rows = rows.filter((r) => visible.has(r.activityId));
      }
      return {
        items: rows.map((r) => ({
          ...presentFragment(r.fragment),
          activity_id: r.activityId,
          activity_title: r.activityTitle,
          activity_type: r.activityType,
        })),
      };
    },

    /** `GET /api/course/{id}/courseware-activities`: what the teaching team may link nodes to. */
    async coursewareActivities(actor: Actor, courseId: number): Promise<CoursewareActivitiesResponse> {
      const { access } = await graph.course(actor, courseId, 'read');
      assertTeachingView(access);
      const rows = await repo.coursewareActivities(courseId);
      return {
        activities: rows.map((r) => ({
          id: r.id,
          title: r.title,
          type: r.type,
          module_id: r.moduleId,
          published: r.published,
          knowledge_node_ids: r.knowledgeNodeIds,
        })),
      };
    },

    /** `GET /api/activities/{id}/knowledge-references/get`: students see it only while the graph is published. */
    async ofActivity(actor: Actor, activityId: number): Promise<ActivityKnowledgeReferencesResponse> {
      const { activity } = await activityLoads.loadVisible(actor, activityId);
      await graph.course(actor, activity.courseId, 'read');
      return activityReferences(activity.id);
    },

    /** `POST /api/activities/{id}/knowledge-references/related-media`. */
    async relateMedia(
      actor: Actor,
      activityId: number,
      input: RelatedMediaInput,
    ): Promise<ActivityKnowledgeReferencesResponse> {
      return db.transaction(async (tx) => {
        const { activity } = await activityLoads.loadManaged(actor, activityId, tx);
        await graph.course(actor, activity.courseId, 'edit', tx);
        const nodeIds = [...new Set(input.knowledge_node_ids)];
        const live = new Set((await nodes.listNodes(activity.courseId, tx)).map((n) => n.id));
        if (nodeIds.some((id) => !live.has(id)))
          throw invalid({ knowledge_node_ids: ['knowledgeGraph.nodeIdsRequired'] });
        const chosen = new Set(nodeIds);
        for (const fragment of input.fragments) {
          if (!chosen.has(fragment.knowledge_node_id)) {
            throw invalid({ fragments: ['knowledgeGraph.fragmentNodeNotLinked'] });
          }
          if (
            fragment.start_seconds !== null &&
            fragment.end_seconds !== null &&
            fragment.end_seconds <= fragment.start_seconds
          ) {
            throw invalid({ fragments: ['knowledgeGraph.fragmentRange'] });
          }
        }
        await repo.setActivityNodes(activity.courseId, activity.id, nodeIds, actor.userId, tx);
        if (input.fragments.length > 0) {
          const referenceOf = new Map(
            (await repo.ofActivity(activity.id, tx)).map((r) => [r.node.id, r.reference.id]),
          );
          await repo.upsertFragments(
            input.fragments.flatMap((f) => {
              const referenceId = referenceOf.get(f.knowledge_node_id);
              return referenceId === undefined
                ? []
                : [
                    {
                      referenceId,
                      chapterId: f.chapter_id,
                      title: f.title,
                      startSeconds: f.start_seconds,
                      endSeconds: f.end_seconds,
                    },
                  ];
            }),
            tx,
          );
        }
        return activityReferences(activity.id, tx);
      });
    },

    /** `PUT /api/activities/{id}/knowledge-references/fragments-delete`. */
    async deleteFragment(
      actor: Actor,
      activityId: number,
      input: FragmentsDeleteInput,
    ): Promise<ActivityKnowledgeReferencesResponse> {
      return db.transaction(async (tx) => {
        const { activity } = await activityLoads.loadManaged(actor, activityId, tx);
        await graph.course(actor, activity.courseId, 'edit', tx);
        const links = await repo.ofActivity(activity.id, tx);
        if (!links.some((l) => l.reference.id === input.knowledge_reference_id)) {
          throw notFound('knowledgeGraph.referenceNotFound');
        }
        if (!(await repo.deleteFragment(input.knowledge_reference_id, input.chapter_id, tx))) {
          throw notFound('knowledgeGraph.referenceNotFound');
        }
        return activityReferences(activity.id, tx);
      });
    },
  };
}
