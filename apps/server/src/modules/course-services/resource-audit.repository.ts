import { ACTIVITY_PARENT } from '@lectern/contracts/uploads/upload.schemas';
import { sql, type SQL } from 'drizzle-orm';
import { courseResourceAudits, courseSharedUploads } from '../../db/schema/course-services.ts';
import type { Database, Executor } from '../../platform/database.ts';

/** Both drivers answer a raw statement with its rows under `rows`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * The (course, file) pairs of the courses `where` picks (a condition on `c`, the course): the files
 * attached to their live activities, and the files shared to them. A file attached twice is one pair.
 */
function resources(where: SQL): SQL {
  return sql`(
    select a.course_id, r.upload_id
      from upload_references r
      join activities a on a.id = r.parent_id
      join courses c on c.id = a.course_id
     where r.parent_type = ${ACTIVITY_PARENT} and a.recycle_bin_item_id is null
       and c.recycle_bin_item_id is null and ${where}
    union
    select s.course_id, s.upload_id
      from ${courseSharedUploads} s
      join courses c on c.id = s.course_id
     where c.recycle_bin_item_id is null and ${where})`;
}

/** The pairs with their verdicts, a pair without one awaiting review. */
function withStatus(where: SQL): SQL {
  return sql`select x.course_id, x.upload_id, coalesce(au.status, 'auditing') as status, au.remark,
                    au.reviewed_at
               from ${resources(where)} x
               left join ${courseResourceAudits} au on au.course_id = x.course_id and au.upload_id = x.upload_id`;
}

export type AuditCourseRow = {
  id: number;
  course_code: string | null;
  name: string;
  cover: string | null;
  created_by: number | null;
  created_at: Date | string;
  activity_count: number;
  agree: number;
  reject: number;
  auditing: number;
  audit_status: 'agree' | 'reject' | 'auditing';
  total: number;
};

export type AuditReferenceRow = {
  upload_id: number;
  name: string;
  size: number | string;
  mime_type: string | null;
  uploader_id: number;
  uploader_name: string;
  status: 'agree' | 'reject' | 'auditing';
  remark: string | null;
  reviewed_at: Date | string | null;
  shared: boolean;
  activities: { id: number; title: string }[] | string;
  total: number;
};

export function resourceAuditRepository(db: Database) {
  /** An organisation's courses that use files, with their counts by verdict and their own status. */
  function courseStatuses(orgId: number, keyword: string | null): SQL {
    return sql`
      with pairs as (${withStatus(sql`c.org_id = ${orgId}`)}),
      per_course as (
        select course_id,
               count(*) filter (where status = 'agree')::int as agree,
               count(*) filter (where status = 'reject')::int as reject,
               count(*) filter (where status = 'auditing')::int as auditing
          from pairs group by course_id)
      select c.id, c.course_code, c.name, c.cover, c.created_by, c.created_at, p.agree, p.reject, p.auditing,
             case when p.reject > 0 then 'reject' when p.auditing > 0 then 'auditing' else 'agree' end
               as audit_status
        from per_course p join courses c on c.id = p.course_id
       where (${keyword}::text is null
              or strpos(lower(c.name), ${keyword}::text) > 0
              or strpos(lower(coalesce(c.course_code, '')), ${keyword}::text) > 0)`;
  }

  function courseReferences(courseId: number): SQL {
    return sql`
      select u.id as upload_id, u.name, u.size, u.mime_type, uu.id as uploader_id, uu.name as uploader_name,
             x.status, x.remark, x.reviewed_at,
             exists (select 1 from ${courseSharedUploads} s where s.course_id = ${courseId} and s.upload_id = u.id)
               as shared,
             (select coalesce(json_agg(json_build_object('id', d.id, 'title', d.title) order by d.id), '[]'::json)
                from (select distinct a.id, a.title
                        from upload_references r join activities a on a.id = r.parent_id
                       where r.parent_type = ${ACTIVITY_PARENT} and r.upload_id = u.id
                         and a.course_id = ${courseId} and a.recycle_bin_item_id is null) d) as activities
        from (${withStatus(sql`c.id = ${courseId}`)}) x
        join uploads u on u.id = x.upload_id
        join users uu on uu.id = u.created_by`;
  }

  return {
    async courses(
      orgId: number,
      filter: { keyword: string | null; status: string | null; limit: number; offset: number },
      tx: Executor = db,
    ): Promise<AuditCourseRow[]> {
      const result = await tx.execute(sql`
        select s.*, count(*) over ()::int as total,
               (select count(*)::int from activities a
                 where a.course_id = s.id and a.recycle_bin_item_id is null) as activity_count
          from (${courseStatuses(orgId, filter.keyword)}) s
         where (${filter.status}::text is null or s.audit_status = ${filter.status}::text)
         order by s.id desc
         limit ${filter.limit} offset ${filter.offset}`);
      return rowsOf<AuditCourseRow>(result);
    },

    /** How many courses of the (keyword-filtered) list are in each status. */
    async courseCounts(orgId: number, keyword: string | null, tx: Executor = db) {
      const result = await tx.execute(sql`
        select audit_status, count(*)::int as n from (${courseStatuses(orgId, keyword)}) s group by audit_status`);
      return rowsOf<{ audit_status: string; n: number }>(result);
    },

    async references(
      courseId: number,
      filter: {
        keyword: string | null;
        status: string | null;
        uploadId?: number;
        limit: number;
        offset: number;
      },
      tx: Executor = db,
    ): Promise<AuditReferenceRow[]> {
      const result = await tx.execute(sql`
        select r.*, count(*) over ()::int as total
          from (${courseReferences(courseId)}) r
         where (${filter.status}::text is null or r.status = ${filter.status}::text)
           and (${filter.keyword}::text is null or strpos(lower(r.name), ${filter.keyword}::text) > 0)
           and (${filter.uploadId ?? null}::int is null or r.upload_id = ${filter.uploadId ?? null}::int)
         order by r.upload_id desc
         limit ${filter.limit} offset ${filter.offset}`);
      return rowsOf<AuditReferenceRow>(result);
    },

    async referenceCounts(courseId: number, tx: Executor = db) {
      const result = await tx.execute(sql`
        select status, count(*)::int as n from (${withStatus(sql`c.id = ${courseId}`)}) x group by status`);
      return rowsOf<{ status: string; n: number }>(result);
    },

    /** Of these files, those the course uses (attached to its live activities or shared to it). */
    async resourcesOf(courseId: number, uploadIds: readonly number[], tx: Executor = db): Promise<number[]> {
      if (uploadIds.length === 0) return [];
      const result = await tx.execute(sql`
        select upload_id from ${resources(sql`c.id = ${courseId}`)} x
         where x.upload_id = any(${`{${uploadIds.join(',')}}`}::int[])`);
      return rowsOf<{ upload_id: number }>(result).map((r) => Number(r.upload_id));
    },

    async saveVerdict(
      values: {
        courseId: number;
        uploadId: number;
        status: 'agree' | 'reject';
        remark: string | null;
        reviewedBy: number;
      },
      tx: Executor = db,
    ): Promise<void> {
      const set = {
        status: values.status,
        remark: values.remark,
        reviewedBy: values.reviewedBy,
        reviewedAt: sql`now()`,
      };
      await tx
        .insert(courseResourceAudits)
        .values({ courseId: values.courseId, uploadId: values.uploadId, ...set })
        .onConflictDoUpdate({ target: [courseResourceAudits.courseId, courseResourceAudits.uploadId], set });
    },

    /** The uploads among these the user uploaded, of their organisation. */
    async ownUploads(userId: number, orgId: number, uploadIds: readonly number[], tx: Executor = db) {
      const result = await tx.execute(sql`
        select id from uploads
         where created_by = ${userId} and org_id = ${orgId} and not deleted
           and id = any(${`{${uploadIds.join(',')}}`}::int[])`);
      return rowsOf<{ id: number }>(result).map((r) => Number(r.id));
    },

    /** For each of these uploads, the courses (not deleted) that use it. */
    async coursesUsing(uploadIds: readonly number[], tx: Executor = db) {
      const result = await tx.execute(sql`
        select x.upload_id, x.course_id
          from ${resources(sql`true`)} x
         where x.upload_id = any(${`{${uploadIds.join(',')}}`}::int[])`);
      return rowsOf<{ upload_id: number; course_id: number }>(result).map((r) => ({
        uploadId: Number(r.upload_id),
        courseId: Number(r.course_id),
      }));
    },

    /**
     * Shares each file to each course; the number of shares that are new. The files' rows are key-share
     * locked first, as attaching does: the orphan sweep skips a locked row, and a row it is deleting is
     * waited for and then left out, so a share never races the sweep into a foreign-key failure.
     */
    async share(
      pairs: { courseId: number; uploadId: number }[],
      sharedBy: number,
      tx: Executor,
    ): Promise<number> {
      if (pairs.length === 0) return 0;
      const ids = [...new Set(pairs.map((p) => p.uploadId))];
      const locked = new Set(
        rowsOf<{ id: number }>(
          await tx.execute(sql`
            select id from uploads
             where id = any(${`{${ids.join(',')}}`}::int[]) and not deleted
               for key share`),
        ).map((r) => Number(r.id)),
      );
      const live = pairs.filter((p) => locked.has(p.uploadId));
      if (live.length === 0) return 0;
      const inserted = await tx
        .insert(courseSharedUploads)
        .values(live.map((p) => ({ ...p, sharedBy })))
        .onConflictDoNothing()
        .returning({ courseId: courseSharedUploads.courseId });
      return inserted.length;
    },
  };
}
