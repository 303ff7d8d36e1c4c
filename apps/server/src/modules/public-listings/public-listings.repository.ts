import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { activities, activityNotDeleted } from '../../db/schema/activities.ts';
import {
  courseModules,
  courseNotDeleted,
  courses,
  moduleNotDeleted,
  syllabi,
  syllabusNotDeleted,
} from '../../db/schema/courses.ts';
import { orgs } from '../../db/schema/identity.ts';
import {
  courseClassifications,
  coursePublicSettings,
  curriculumClassifications,
  curriculumCourses,
  curriculums,
} from '../../db/schema/public-listings.ts';
import type { Database, Executor } from '../../platform/database.ts';
import { withCompiledRows } from '../../platform/compiled-rows.ts';

export type PublicInstructorRow = { id: number; name: string; avatar_small_url: string | null };

/** The filters every public list shares; null means "any". */
export type ListingFilter = {
  /**
   * The signed-in caller's organisation, whose `org` rows they may read too; null (anonymous) lets only
   * `public` rows through, of every organisation.
   */
  orgId: number | null;
  classificationId: number | null;
  /** Lower-cased; matched as a plain substring (no LIKE wildcards). */
  keyword: string | null;
  isStarted: boolean | null;
  limit: number;
  offset: number;
};

const placeholders = {
  orgId: sql.placeholder('orgId'),
  classificationId: sql.placeholder('classificationId'),
  keyword: sql.placeholder('keyword'),
  isStarted: sql.placeholder('isStarted'),
};

/**
 * Who may see a row: a `public` row anyone, an `org` row only the signed-in people of its organisation.
 * Everything is a parameter so that one SQL text serves every caller and filter (decision 0006).
 */
function scopeVisible(scope: SQL, orgId: SQL): SQL {
  return sql`(${scope} = 'public' or (${scope} = 'org' and ${orgId} = ${placeholders.orgId}::int))`;
}

const courseIsStarted = sql<boolean>`(${courses.startDate} is null or ${courses.startDate} <= current_date)`;

function courseFilter(): SQL {
  return (
    and(
      courseNotDeleted,
      scopeVisible(sql`${courses.publicScope}`, sql`${courses.orgId}`),
      sql`(${placeholders.classificationId}::int is null or ${courses.classificationId} = ${placeholders.classificationId}::int)`,
      sql`(${placeholders.keyword}::text is null or strpos(lower(coalesce(${courses.displayName}, ${courses.name})), ${placeholders.keyword}::text) > 0)`,
      sql`(${placeholders.isStarted}::boolean is null or ${courseIsStarted} = ${placeholders.isStarted}::boolean)`,
    ) ?? sql`true`
  );
}

/** The columns of a public course card; every count is a subquery run only for the rows of the page. */
const cardColumns = {
  id: courses.id,
  orgId: courses.orgId,
  name: courses.name,
  displayName: courses.displayName,
  secondName: courses.secondName,
  courseCode: courses.courseCode,
  credit: courses.credit,
  classroomSchedule: courses.classroomSchedule,
  cover: courses.cover,
  classificationId: courses.classificationId,
  publicScope: courses.publicScope,
  startDate: courses.startDate,
  endDate: courses.endDate,
  isStarted: courseIsStarted,
  signUpChargeAmount: coursePublicSettings.signUpChargeAmount,
  certificationTitle: coursePublicSettings.certificationTitle,
  creditState: coursePublicSettings.creditState,
  // Qualified by hand: Drizzle leaves columns unqualified in single-table queries, which would let a
  // subquery's `id` bind to its own table instead of the outer course.
  activityCount: sql<number>`(select count(*)::int from activities a where a.course_id = "courses"."id" and a.published and a.recycle_bin_item_id is null)`,
  studentCount: sql<number>`(select count(*)::int from course_members m where m.course_id = "courses"."id" and m.roles @> array['student']::text[])`,
  moduleCount: sql<number>`(select count(*)::int from course_modules cm where cm.course_id = "courses"."id" and cm.recycle_bin_item_id is null)`,
  syllabusCount: sql<number>`(select count(*)::int from syllabi sy where sy.course_id = "courses"."id" and sy.recycle_bin_item_id is null)`,
  knowledgeNodeCount: sql<number>`(select count(*)::int from knowledge_nodes k where k.course_id = "courses"."id" and k.deleted_at is null)`,
  instructors: sql<
    PublicInstructorRow[]
  >`(select coalesce(json_agg(json_build_object('id', u.id, 'name', u.name, 'avatar_small_url', u.avatar_small_url) order by u.id), '[]'::json) from course_members m join users u on u.id = m.user_id where m.course_id = "courses"."id" and m.roles @> array['instructor']::text[])`,
};

export type PublicCourseRow = {
  id: number;
  orgId: number;
  name: string;
  displayName: string | null;
  secondName: string | null;
  courseCode: string | null;
  credit: string | null;
  classroomSchedule: string | null;
  cover: string | null;
  classificationId: number | null;
  publicScope: string;
  startDate: string | null;
  endDate: string | null;
  isStarted: boolean;
  signUpChargeAmount: string | null;
  certificationTitle: string | null;
  creditState: string | null;
  activityCount: number;
  studentCount: number;
  moduleCount: number;
  syllabusCount: number;
  knowledgeNodeCount: number;
  instructors: PublicInstructorRow[];
};

// The portal's first request for every anonymous visitor: a named prepared statement, built once per
// database handle. The page is chosen first (newest first along the primary key, so the first page
// reads a handful of index entries), then only its rows get their counts; the total rides along.
function preparePublicCourses(tx: Executor) {
  const page = tx
    .select({ pageId: sql<number>`${courses.id}`.as('page_id') })
    .from(courses)
    .where(courseFilter())
    .orderBy(desc(courses.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page');
  return withCompiledRows(
    tx
      .select({
        ...cardColumns,
        total: sql<number>`(select count(*)::int from ${courses} where ${courseFilter()})`,
      })
      .from(page)
      .innerJoin(courses, eq(courses.id, page.pageId))
      .leftJoin(coursePublicSettings, eq(coursePublicSettings.courseId, courses.id))
      .orderBy(desc(courses.id))
      .prepare('public_courses_page'),
  );
}

function prepareTotals(tx: Executor) {
  return withCompiledRows(
    tx
      .select({
        total: sql<number>`count(*)::int`,
        students: sql<number>`coalesce(sum((select count(*) from course_members m where m.course_id = "courses"."id" and m.roles @> array['student']::text[])), 0)::int`,
      })
      .from(courses)
      .where(courseFilter())
      .prepare('public_courses_stats'),
  );
}

const prepared = new WeakMap<
  Database,
  { page: ReturnType<typeof preparePublicCourses>; totals: ReturnType<typeof prepareTotals> }
>();

function statements(db: Database) {
  let found = prepared.get(db);
  if (!found) {
    found = { page: preparePublicCourses(db), totals: prepareTotals(db) };
    prepared.set(db, found);
  }
  return found;
}

function params(filter: ListingFilter) {
  return {
    orgId: filter.orgId,
    classificationId: filter.classificationId,
    keyword: filter.keyword,
    isStarted: filter.isStarted,
    limit: filter.limit,
    offset: filter.offset,
  };
}

export type CurriculumRow = typeof curriculums.$inferSelect & { courseCount: number; isStarted: boolean };

const curriculumIsStarted = sql<boolean>`(${curriculums.startDate} is null or ${curriculums.startDate} <= current_date)`;

const curriculumColumns = {
  id: curriculums.id,
  orgId: curriculums.orgId,
  name: curriculums.name,
  cover: curriculums.cover,
  classificationId: curriculums.classificationId,
  publicScope: curriculums.publicScope,
  signUpChargeAmount: curriculums.signUpChargeAmount,
  certificationTitle: curriculums.certificationTitle,
  creditState: curriculums.creditState,
  startDate: curriculums.startDate,
  createdBy: curriculums.createdBy,
  createdAt: curriculums.createdAt,
  isStarted: curriculumIsStarted,
  courseCount: sql<number>`(select count(*)::int from curriculum_courses cc join courses c on c.id = cc.course_id where cc.curriculum_id = "curriculums"."id" and c.recycle_bin_item_id is null)`,
};

function curriculumFilter(filter: Omit<ListingFilter, 'isStarted' | 'limit' | 'offset'>): SQL {
  const visible =
    filter.orgId === null
      ? eq(curriculums.publicScope, 'public')
      : sql`(${curriculums.publicScope} = 'public' or (${curriculums.publicScope} = 'org' and ${curriculums.orgId} = ${filter.orgId}))`;
  return (
    and(
      visible,
      filter.classificationId === null
        ? undefined
        : eq(curriculums.classificationId, filter.classificationId),
      filter.keyword === null ? undefined : sql`strpos(lower(${curriculums.name}), ${filter.keyword}) > 0`,
    ) ?? sql`true`
  );
}

export function publicListingsRepository(db: Database) {
  return {
    async publicCourses(filter: ListingFilter): Promise<{ rows: PublicCourseRow[]; total: number }> {
      const { page, totals } = statements(db);
      const rows = await page.execute(params(filter));
      if (rows[0]) return { rows, total: rows[0].total };
      // An empty page (past the end) still reports the total, from the count alone.
      const [count] = await totals.execute(params(filter));
      return { rows: [], total: count?.total ?? 0 };
    },

    async publicCourseStats(filter: ListingFilter): Promise<{ total: number; students: number }> {
      const [row] = await statements(db).totals.execute(params(filter));
      return { total: row?.total ?? 0, students: row?.students ?? 0 };
    },

    /** One course's card if it exists and is not deleted; visibility is the service's decision. */
    async courseCard(courseId: number, tx: Executor = db): Promise<PublicCourseRow | undefined> {
      const [row] = await tx
        .select(cardColumns)
        .from(courses)
        .leftJoin(coursePublicSettings, eq(coursePublicSettings.courseId, courses.id))
        .where(and(eq(courses.id, courseId), courseNotDeleted));
      return row;
    },

    async courseCards(courseIds: number[], tx: Executor = db): Promise<PublicCourseRow[]> {
      if (courseIds.length === 0) return [];
      return tx
        .select(cardColumns)
        .from(courses)
        .leftJoin(coursePublicSettings, eq(coursePublicSettings.courseId, courses.id))
        .where(and(inArray(courses.id, courseIds), courseNotDeleted));
    },

    async modulesOf(courseId: number, tx: Executor = db) {
      const modules = await tx
        .select({ id: courseModules.id, name: courseModules.name, sort: courseModules.sort })
        .from(courseModules)
        .where(and(eq(courseModules.courseId, courseId), moduleNotDeleted))
        .orderBy(asc(courseModules.sort), asc(courseModules.id));
      const syllabusRows = await tx
        .select({ id: syllabi.id, summary: syllabi.summary, moduleId: syllabi.moduleId, sort: syllabi.sort })
        .from(syllabi)
        .where(and(eq(syllabi.courseId, courseId), syllabusNotDeleted))
        .orderBy(asc(syllabi.sort), asc(syllabi.id));
      return { modules, syllabi: syllabusRows };
    },

    async publishedActivities(courseId: number, tx: Executor = db) {
      return tx
        .select({
          id: activities.id,
          title: activities.title,
          type: activities.type,
          moduleId: activities.moduleId,
          syllabusId: activities.syllabusId,
          startTime: activities.startTime,
          endTime: activities.endTime,
        })
        .from(activities)
        .where(and(eq(activities.courseId, courseId), activities.published, activityNotDeleted))
        .orderBy(asc(activities.sort), asc(activities.id));
    },

    async courseRow(courseId: number, tx: Executor = db) {
      const [row] = await tx
        .select({ id: courses.id, orgId: courses.orgId })
        .from(courses)
        .where(and(eq(courses.id, courseId), courseNotDeleted));
      return row;
    },

    async publicSettings(courseId: number, tx: Executor = db) {
      const [row] = await tx
        .select({
          publicScope: courses.publicScope,
          classificationId: courses.classificationId,
          signUpChargeAmount: coursePublicSettings.signUpChargeAmount,
          certificationTitle: coursePublicSettings.certificationTitle,
          creditState: coursePublicSettings.creditState,
          publicTypicalMistakes: coursePublicSettings.publicTypicalMistakes,
        })
        .from(courses)
        .leftJoin(coursePublicSettings, eq(coursePublicSettings.courseId, courses.id))
        .where(eq(courses.id, courseId));
      return row;
    },

    /**
     * public_scope and classification stay on the course row (the course read fields carry them); the
     * rest of the public settings live in this slice's table.
     */
    async savePublicSettings(
      courseId: number,
      values: {
        publicScope: string;
        classificationId: number | null;
        signUpChargeAmount: string | null;
        certificationTitle: string | null;
        creditState: string | null;
        /** Left out: kept as it is. */
        publicTypicalMistakes?: boolean | undefined;
      },
      tx: Executor = db,
    ): Promise<void> {
      await tx
        .update(courses)
        .set({
          publicScope: values.publicScope,
          classificationId: values.classificationId,
          updatedAt: sql`now()`,
        })
        .where(eq(courses.id, courseId));
      const settings = {
        signUpChargeAmount: values.signUpChargeAmount,
        certificationTitle: values.certificationTitle,
        creditState: values.creditState,
        ...(values.publicTypicalMistakes === undefined
          ? {}
          : { publicTypicalMistakes: values.publicTypicalMistakes }),
      };
      await tx
        .insert(coursePublicSettings)
        .values({ courseId, ...settings })
        .onConflictDoUpdate({
          target: coursePublicSettings.courseId,
          set: { ...settings, updatedAt: sql`now()` },
        });
    },

    // Classifications: one table per kind, the same shape.
    async classifications(kind: ClassificationKind, orgId: number, tx: Executor = db) {
      const table = classificationTable(kind);
      return tx
        .select({ id: table.id, name: table.name, sort: table.sort, orgId: table.orgId })
        .from(table)
        .where(eq(table.orgId, orgId))
        .orderBy(asc(table.sort), asc(table.id));
    },

    async findClassification(kind: ClassificationKind, id: number, tx: Executor = db) {
      const table = classificationTable(kind);
      const [row] = await tx
        .select({ id: table.id, name: table.name, sort: table.sort, orgId: table.orgId })
        .from(table)
        .where(eq(table.id, id));
      return row;
    },

    /** Undefined when the organisation already has a classification of that name. */
    async insertClassification(
      kind: ClassificationKind,
      values: { orgId: number; name: string; sort: number },
      tx: Executor = db,
    ) {
      const table = classificationTable(kind);
      const [row] = await tx
        .insert(table)
        .values(values)
        .onConflictDoNothing()
        .returning({ id: table.id, name: table.name, sort: table.sort, orgId: table.orgId });
      return row;
    },

    async nameTaken(
      kind: ClassificationKind,
      orgId: number,
      name: string,
      exceptId: number,
      tx: Executor = db,
    ) {
      const table = classificationTable(kind);
      const [row] = await tx
        .select({ id: table.id })
        .from(table)
        .where(and(eq(table.orgId, orgId), eq(table.name, name), sql`${table.id} <> ${exceptId}`));
      return row !== undefined;
    },

    async updateClassification(
      kind: ClassificationKind,
      id: number,
      values: { name: string; sort: number },
      tx: Executor = db,
    ) {
      const table = classificationTable(kind);
      const [row] = await tx
        .update(table)
        .set(values)
        .where(eq(table.id, id))
        .returning({ id: table.id, name: table.name, sort: table.sort, orgId: table.orgId });
      return row;
    },

    async deleteClassification(kind: ClassificationKind, id: number, tx: Executor = db): Promise<void> {
      if (kind === 'course') {
        // courses.classification_id predates this table and has no foreign key: clear it here.
        await tx.update(courses).set({ classificationId: null }).where(eq(courses.classificationId, id));
      }
      const table = classificationTable(kind);
      await tx.delete(table).where(eq(table.id, id));
    },

    async curriculums(
      filter: Omit<ListingFilter, 'isStarted'>,
      tx: Executor = db,
    ): Promise<{ rows: CurriculumRow[]; total: number }> {
      const where = curriculumFilter(filter);
      const rows = await tx
        .select({ ...curriculumColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(curriculums)
        .where(where)
        .orderBy(desc(curriculums.id))
        .limit(filter.limit)
        .offset(filter.offset);
      if (rows[0]) return { rows, total: rows[0].total };
      const [count] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(curriculums)
        .where(where);
      return { rows: [], total: count?.n ?? 0 };
    },

    async curriculumStats(filter: Omit<ListingFilter, 'isStarted' | 'limit' | 'offset'>, tx: Executor = db) {
      const [row] = await tx
        .select({
          total: sql<number>`count(*)::int`,
          // Each student counted once however many of the curriculums' courses they are in.
          students: sql<number>`(select count(distinct m.user_id)::int from course_members m join curriculum_courses cc on cc.course_id = m.course_id where m.roles @> array['student']::text[] and cc.curriculum_id in (select "curriculums"."id" from "curriculums" where ${curriculumFilter(filter)}))`,
        })
        .from(curriculums)
        .where(curriculumFilter(filter));
      return { total: row?.total ?? 0, students: row?.students ?? 0 };
    },

    async findCurriculum(id: number, tx: Executor = db): Promise<CurriculumRow | undefined> {
      const [row] = await tx.select(curriculumColumns).from(curriculums).where(eq(curriculums.id, id));
      return row;
    },

    async curriculumsOfOrg(orgId: number, tx: Executor = db): Promise<CurriculumRow[]> {
      return tx
        .select(curriculumColumns)
        .from(curriculums)
        .where(eq(curriculums.orgId, orgId))
        .orderBy(desc(curriculums.id));
    },

    async curriculumCourseIds(curriculumIds: number[], tx: Executor = db) {
      if (curriculumIds.length === 0) return [];
      return tx
        .select({ curriculumId: curriculumCourses.curriculumId, courseId: curriculumCourses.courseId })
        .from(curriculumCourses)
        .where(inArray(curriculumCourses.curriculumId, curriculumIds))
        .orderBy(asc(curriculumCourses.sort), asc(curriculumCourses.courseId));
    },

    async orgCourseIds(orgId: number, courseIds: number[], tx: Executor = db): Promise<number[]> {
      if (courseIds.length === 0) return [];
      const rows = await tx
        .select({ id: courses.id })
        .from(courses)
        .where(and(eq(courses.orgId, orgId), inArray(courses.id, courseIds), courseNotDeleted));
      return rows.map((r) => r.id);
    },

    async insertCurriculum(values: typeof curriculums.$inferInsert, tx: Executor = db): Promise<number> {
      const [row] = await tx.insert(curriculums).values(values).returning({ id: curriculums.id });
      if (!row) throw new Error('curriculum insert returned no row');
      return row.id;
    },

    async updateCurriculum(
      id: number,
      values: Omit<typeof curriculums.$inferInsert, 'orgId' | 'createdBy'>,
      tx: Executor = db,
    ): Promise<void> {
      await tx.update(curriculums).set(values).where(eq(curriculums.id, id));
    },

    async replaceCurriculumCourses(curriculumId: number, courseIds: number[], tx: Executor = db) {
      await tx.delete(curriculumCourses).where(eq(curriculumCourses.curriculumId, curriculumId));
      if (courseIds.length === 0) return;
      await tx
        .insert(curriculumCourses)
        .values(courseIds.map((courseId, sort) => ({ curriculumId, courseId, sort })));
    },

    async deleteCurriculum(id: number, tx: Executor = db): Promise<void> {
      await tx.delete(curriculums).where(eq(curriculums.id, id));
    },
  };
}

export type ClassificationKind = 'course' | 'curriculum';

function classificationTable(kind: ClassificationKind) {
  return kind === 'course' ? courseClassifications : curriculumClassifications;
}

export type PublicListingsRepository = ReturnType<typeof publicListingsRepository>;

/** The organisation an anonymous visitor sees: the first one, as the sign-in page's logo does. */
export async function portalOrgId(db: Database): Promise<number | null> {
  const [row] = await db.select({ id: orgs.id }).from(orgs).orderBy(asc(orgs.id)).limit(1);
  return row?.id ?? null;
}
