import type { Database, Executor } from '../../platform/database.ts';
import { notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { courseAccess } from '../courses/course-access.ts';
import type { CourseAccess } from '../courses/courses.policy.ts';
import { assertCanEditGraph, assertCanReadGraph, assertCanSeeGraphStatus } from './knowledge-graph.policy.ts';
import { knowledgeGraphRepository, type KnowledgeNodeRow } from './knowledge-graph.repository.ts';

export type GraphAccess = { access: CourseAccess; published: boolean; publishedAt: Date | null };
export type Mode = 'read' | 'edit';

/**
 * The one way the knowledge-graph services reach a course's graph or a node: the caller's course access
 * (which refuses outsiders as every course read does) and the graph's publish state, then the policy.
 */
export function knowledgeGraphAccess(db: Database) {
  const courses = courseAccess(db);
  const repo = knowledgeGraphRepository(db);

  async function course(actor: Actor, courseId: number, mode: Mode, tx: Executor = db): Promise<GraphAccess> {
    const access = await courses.load(actor, courseId, tx);
    const state = await repo.state(courseId, tx);
    const published = state?.published ?? false;
    if (mode === 'edit') assertCanEditGraph(access);
    else assertCanReadGraph(access, published);
    return { access, published, publishedAt: state?.publishedAt ?? null };
  }

  return {
    course,

    /** The publish state alone, for any member of the course (the graph itself may still be refused). */
    async status(actor: Actor, courseId: number): Promise<Omit<GraphAccess, 'access'>> {
      assertCanSeeGraphStatus(await courses.load(actor, courseId));
      const state = await repo.state(courseId);
      return { published: state?.published ?? false, publishedAt: state?.publishedAt ?? null };
    },

    /** A live node and the caller's access to its course; a node of no course the caller sees is refused there. */
    async node(
      actor: Actor,
      nodeId: number,
      mode: Mode,
      tx: Executor = db,
    ): Promise<GraphAccess & { node: KnowledgeNodeRow }> {
      const node = await repo.findNode(nodeId, tx);
      if (!node) throw notFound('knowledgeGraph.nodeNotFound');
      return { ...(await course(actor, node.courseId, mode, tx)), node };
    },

    /** A live node of this course (already authorised), or 404. */
    async nodeOfCourse(courseId: number, nodeId: number, tx: Executor = db): Promise<KnowledgeNodeRow> {
      const node = await repo.findNode(nodeId, tx);
      if (!node || node.courseId !== courseId) throw notFound('knowledgeGraph.nodeNotFound');
      return node;
    },
  };
}
