import type { PageQuery } from '@lectern/contracts/common/pagination.schemas';
import { pageMeta } from '@lectern/contracts/common/pagination.schemas';
import type {
  CourseEstimateRepliesResponse,
  Estimate,
  EstimateRepliesResponse,
  EstimateReply,
  EstimatesResponse,
} from '@lectern/contracts/course-services/course-estimates.schemas';
import type { AppContext } from '../../platform/app-context.ts';
import { AppError, conflict, forbidden, notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { courseAccess } from '../courses/course-access.ts';
import { assertCan } from '../courses/courses.policy.ts';
import {
  canDeleteOwnOrModerate,
  canReply,
  canReview,
  type EstimateViewer,
} from './course-estimates.policy.ts';
import { presentEstimate, presentReply } from './course-estimates.presenter.ts';
import { courseEstimatesRepository, isUniqueViolation } from './course-estimates.repository.ts';

/** A write refused while simulating names that; anything else a plain refusal with the reason. */
function refuse(viewer: EstimateViewer, reason: Parameters<typeof forbidden>[0]): never {
  if (viewer?.access.simulating) throw new AppError('simulating_read_only');
  throw forbidden(reason);
}

export function courseEstimatesService(ctx: AppContext) {
  const repo = courseEstimatesRepository(ctx.db);
  const access = courseAccess(ctx.db);

  async function viewerOf(actor: Actor, courseId: number): Promise<NonNullable<EstimateViewer>> {
    const course = await access.load(actor, courseId);
    assertCan(course, 'course.read');
    return { userId: actor.userId, access: course };
  }

  /** The course's reviews as `viewer` sees them; the caller has decided the course is readable. */
  async function page(
    courseId: number,
    viewer: EstimateViewer,
    query: PageQuery,
  ): Promise<EstimatesResponse> {
    const [rows, summary, mine] = await Promise.all([
      repo.page(courseId, { offset: (query.page - 1) * query.page_size, limit: query.page_size }),
      repo.summary(courseId),
      viewer ? repo.findMine(courseId, viewer.userId) : undefined,
    ]);
    return {
      ...pageMeta(query, summary.total),
      estimates: rows.map((r) => presentEstimate(r, viewer)),
      average_score: summary.average,
      score_counts: summary.byScore,
      my_estimate: mine ? presentEstimate(mine, viewer) : null,
      can_create: canReview(viewer) && !mine,
    };
  }

  async function loadEstimate(actor: Actor, id: number) {
    const row = await repo.findEstimate(id);
    if (!row) throw notFound('courseServices.estimateNotFound');
    const viewer = await viewerOf(actor, row.courseId).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'forbidden')
        throw notFound('courseServices.estimateNotFound');
      throw error;
    });
    return { row, viewer };
  }

  async function presentOne(id: number, viewer: EstimateViewer): Promise<Estimate> {
    const row = await repo.findEstimate(id);
    if (!row) throw notFound('courseServices.estimateNotFound');
    return presentEstimate(row, viewer);
  }

  return {
    /**
     * For the anonymous reads of public courses (public-listings): the reviews of a course the caller has
     * already found readable, with no viewer, so nothing is editable.
     */
    publicPage: (courseId: number, query: PageQuery) => page(courseId, null, query),
    publicReplies: async (courseId: number): Promise<CourseEstimateRepliesResponse> => {
      const rows = await repo.repliesOfCourse(courseId);
      return { replies: groupReplies(rows.map((r) => presentReply(r, null))) };
    },

    /** `GET /api/course-estimates/{courseId}`. */
    async list(actor: Actor, courseId: number, query: PageQuery): Promise<EstimatesResponse> {
      return page(courseId, await viewerOf(actor, courseId), query);
    },

    /** `POST /api/course-estimate`: one review per student and course; a second is a conflict. */
    async create(
      actor: Actor,
      input: { course_id: number; score: number; content: string },
    ): Promise<Estimate> {
      const viewer = await viewerOf(actor, input.course_id);
      if (!canReview(viewer)) refuse(viewer, 'courseServices.estimateStudentsOnly');
      if (await repo.findMine(input.course_id, actor.userId)) throw conflict('courseServices.estimateExists');
      let id: number;
      try {
        id = await repo.insert({
          courseId: input.course_id,
          userId: actor.userId,
          score: input.score,
          content: input.content,
        });
      } catch (error) {
        // Two posts racing past the check above: the unique index keeps the one.
        if (isUniqueViolation(error)) throw conflict('courseServices.estimateExists');
        throw error;
      }
      return presentOne(id, viewer);
    },

    /** `PUT /api/course-estimates/{id}`: only its author. */
    async update(actor: Actor, id: number, input: { score: number; content: string }): Promise<Estimate> {
      const { row, viewer } = await loadEstimate(actor, id);
      if (row.userId !== actor.userId) throw forbidden('courseServices.estimateAuthorOnly');
      if (!canReview(viewer)) refuse(viewer, 'courseServices.estimateStudentsOnly');
      await repo.update(id, input);
      return presentOne(id, viewer);
    },

    /** `PUT /api/course-estimate/{id}/delete`: the author, or the teaching team moderating. */
    async remove(actor: Actor, id: number): Promise<void> {
      const { row, viewer } = await loadEstimate(actor, id);
      if (!canDeleteOwnOrModerate(viewer, row.userId)) refuse(viewer, undefined);
      await repo.softDelete(id, actor.userId);
    },

    /** `GET /api/course-estimate-replies/{estimateId}`. */
    async replies(actor: Actor, estimateId: number): Promise<EstimateRepliesResponse> {
      const { viewer } = await loadEstimate(actor, estimateId);
      const rows = await repo.repliesOf([estimateId]);
      return { replies: rows.map((r) => presentReply(r, viewer)) };
    },

    /** `GET /api/course-estimates-replies/{courseId}`: every reply of the course's reviews, by review. */
    async courseReplies(actor: Actor, courseId: number): Promise<CourseEstimateRepliesResponse> {
      const viewer = await viewerOf(actor, courseId);
      const rows = await repo.repliesOfCourse(courseId);
      return { replies: groupReplies(rows.map((r) => presentReply(r, viewer))) };
    },

    /** `POST /api/course-estimate-reply`: any participant of the course. */
    async reply(actor: Actor, input: { estimate_id: number; content: string }): Promise<EstimateReply> {
      const { viewer } = await loadEstimate(actor, input.estimate_id);
      if (!canReply(viewer)) refuse(viewer, undefined);
      const id = await repo.insertReply({
        estimateId: input.estimate_id,
        userId: actor.userId,
        content: input.content,
      });
      const row = await repo.findReply(id);
      if (!row) throw notFound('courseServices.estimateReplyNotFound');
      return presentReply(row, viewer);
    },

    /** `PUT /api/course-estimate-reply/{id}/delete`: the author, or the teaching team moderating. */
    async removeReply(actor: Actor, id: number): Promise<void> {
      const row = await repo.findReply(id);
      if (!row) throw notFound('courseServices.estimateReplyNotFound');
      const viewer = await viewerOf(actor, row.courseId).catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'forbidden') {
          throw notFound('courseServices.estimateReplyNotFound');
        }
        throw error;
      });
      if (!canDeleteOwnOrModerate(viewer, row.userId)) refuse(viewer, undefined);
      await repo.softDeleteReply(id, actor.userId);
    },
  };
}

function groupReplies(replies: EstimateReply[]): Record<string, EstimateReply[]> {
  const byEstimate: Record<string, EstimateReply[]> = {};
  for (const reply of replies) (byEstimate[String(reply.estimate_id)] ??= []).push(reply);
  return byEstimate;
}
