import { pageMeta } from '@lectern/contracts/common/pagination.schemas';
import {
  AUDIT_STATUSES,
  type AuditCounts,
  type AuditStatus,
  type AuditReference,
  type CourseResourceAuditQuerySchema,
  type CourseResourceAuditResponse,
  type ResourceAuditCoursesQuerySchema,
  type ResourceAuditCoursesResponse,
  type ResourceAuditVerdictSchema,
  type ShareToCoursesSchema,
} from '@lectern/contracts/course-services/resource-audit.schemas';
import type { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import { forbidden, invalid, notFound, orNullWhenDenied } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { courseAccess } from '../courses/course-access.ts';
import { assertCan, type CourseAccess } from '../courses/courses.policy.ts';
import { presentAuditCourse, presentAuditReference } from './resource-audit.presenter.ts';
import { resourceAuditRepository } from './resource-audit.repository.ts';
import { teaches } from './shared-files.policy.ts';

function keywordOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim().toLowerCase();
  // PostgreSQL text cannot hold NUL: refused here rather than failing in the database.
  if (trimmed.length > 100 || trimmed.includes('\u0000'))
    throw invalid({ keyword: ['courseServices.textTooLong'] });
  return trimmed === '' ? null : trimmed;
}

function statusOf(value: unknown): AuditStatus | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'string' && (AUDIT_STATUSES as readonly string[]).includes(value)) {
    return value as AuditStatus;
  }
  throw invalid({ audit_status: ['courseServices.auditStatusInvalid'] });
}

function countsOf(rows: { key: string; n: number }[]): AuditCounts {
  const counts: AuditCounts = { agree: 0, reject: 0, auditing: 0 };
  for (const row of rows) {
    if (row.key === 'agree' || row.key === 'reject' || row.key === 'auditing')
      counts[row.key] = Number(row.n);
  }
  return counts;
}

export function resourceAuditService(ctx: AppContext) {
  const repo = resourceAuditRepository(ctx.db);
  const courses = courseAccess(ctx.db);

  /** The access, or null when the caller is no member (or the course is another organisation's). */
  function accessOrNull(actor: Actor, courseId: number): Promise<CourseAccess | null> {
    return orNullWhenDenied(() => courses.load(actor, courseId));
  }

  return {
    /** `GET /api/courses/statistic/resource-audit`: the organisation's courses that use files. */
    async courses(
      actor: Actor,
      query: z.output<typeof ResourceAuditCoursesQuerySchema>,
    ): Promise<ResourceAuditCoursesResponse> {
      const keyword = keywordOf(query.conditions.keyword);
      const status = statusOf(query.conditions.audit_status);
      const page = (offset: number, limit: number) =>
        repo.courses(actor.orgId, { keyword, status, limit, offset });
      const [rows, counts] = await Promise.all([
        page((query.page - 1) * query.page_size, query.page_size),
        repo.courseCounts(actor.orgId, keyword),
      ]);
      // Past the end the window count has no row to ride on: ask for the first row alone.
      const total = rows[0]?.total ?? (query.page > 1 ? ((await page(0, 1))[0]?.total ?? 0) : 0);
      return {
        ...pageMeta(query, total),
        courses: rows.map(presentAuditCourse),
        counts: countsOf(counts.map((c) => ({ key: c.audit_status, n: c.n }))),
      };
    },

    /** `GET /api/courses/{id}/resource-audit`: the course's files with their verdicts. */
    async references(
      actor: Actor,
      courseId: number,
      query: z.output<typeof CourseResourceAuditQuerySchema>,
    ): Promise<CourseResourceAuditResponse> {
      // The teaching team sees how its files fare; the organisation's administrators review them.
      assertCan(await courses.load(actor, courseId), 'course.manage');
      const status = statusOf(query.conditions.audit_status);
      const keyword = keywordOf(query.conditions.keyword);
      const page = (offset: number, limit: number) =>
        repo.references(courseId, { status, keyword, limit, offset });
      const [rows, counts] = await Promise.all([
        page((query.page - 1) * query.page_size, query.page_size),
        repo.referenceCounts(courseId),
      ]);
      const total = rows[0]?.total ?? (query.page > 1 ? ((await page(0, 1))[0]?.total ?? 0) : 0);
      return {
        ...pageMeta(query, total),
        audit_references: rows.map(presentAuditReference),
        counts: countsOf(counts.map((c) => ({ key: c.status, n: c.n }))),
      };
    },

    /** `PUT /api/courses/{id}/resource-audit/{uploadId}`: an administrator's verdict on one file. */
    async review(
      actor: Actor,
      courseId: number,
      uploadId: number,
      body: z.output<typeof ResourceAuditVerdictSchema>,
    ): Promise<AuditReference> {
      const access = await courses.load(actor, courseId);
      if (!access.isOrgAdmin) throw forbidden();
      const [used] = await repo.resourcesOf(courseId, [uploadId]);
      if (used === undefined) throw notFound('courseServices.resourceNotFound');
      await repo.saveVerdict({
        courseId,
        uploadId,
        status: body.audit_status,
        remark: body.audit_remark,
        reviewedBy: actor.userId,
      });
      const [row] = await repo.references(courseId, {
        status: null,
        keyword: null,
        uploadId,
        limit: 1,
        offset: 0,
      });
      if (!row) throw notFound('courseServices.resourceNotFound');
      return presentAuditReference(row);
    },

    /**
     * `POST /api/uploads/share-to-courses`: a file the caller uploaded, or one a course they teach uses,
     * shared to courses they teach. Anything else refuses the whole request, naming nothing about the
     * courses beyond "not yours" (a missing course reads like one the caller does not teach).
     */
    async share(actor: Actor, body: z.output<typeof ShareToCoursesSchema>): Promise<{ shared: number }> {
      const uploadIds = [...new Set(body.upload_ids)];
      const courseIds = [...new Set(body.course_ids)];
      for (const courseId of courseIds) {
        const access = await accessOrNull(actor, courseId);
        if (!access || !teaches(access)) throw forbidden('courseServices.shareCourseForbidden');
      }
      const own = new Set(await repo.ownUploads(actor.userId, actor.orgId, uploadIds));
      const others = uploadIds.filter((id) => !own.has(id));
      if (others.length > 0) {
        const using = await repo.coursesUsing(others);
        const taught = new Map<number, boolean>();
        for (const uploadId of others) {
          let allowed = false;
          for (const { courseId } of using.filter((u) => u.uploadId === uploadId)) {
            if (!taught.has(courseId)) {
              const access = await accessOrNull(actor, courseId);
              taught.set(courseId, access !== null && teaches(access));
            }
            if (taught.get(courseId)) {
              allowed = true;
              break;
            }
          }
          if (!allowed) throw forbidden('courseServices.shareUploadForbidden');
        }
      }
      const pairs = courseIds.flatMap((courseId) => uploadIds.map((uploadId) => ({ courseId, uploadId })));
      return { shared: await ctx.db.transaction((tx) => repo.share(pairs, actor.userId, tx)) };
    },
  };
}
