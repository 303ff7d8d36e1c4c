import type { z } from 'zod';
import { pageMeta } from '@lectern/contracts/common/pagination.schemas';
import { CourseSchema } from '@lectern/contracts/courses/course.schemas';
import type {
  Course,
  CreateCourseRequestSchema,
  CurrentSemesterInfo,
  MyCoursesRequestSchema,
  MyCoursesResponse,
  Semester,
  UpdateCourseRequestSchema,
  VisitedCourse,
} from '@lectern/contracts/courses/course.schemas';
import { CHIEF_INSTRUCTOR, type CourseRole } from '@lectern/contracts/courses/course-roles';
import type { AppContext } from '../../platform/app-context.ts';
import { forbidden, invalid, notFound, type FieldMessages } from '../../platform/errors.ts';
import { sessionOf, type Actor } from '../../platform/http/request-context.ts';
import { sessionsRepository } from '../identity/sessions.repository.ts';
import { usersRepository } from '../identity/users.repository.ts';
import { accessWithRow, courseAccess, effectiveRolesOf, rolesOf } from './course-access.ts';
import { assertCan, can, canCreateCourse, type CourseAccess } from './courses.policy.ts';
import { presentCourseSummary, presentSemester, selectFields } from './courses.presenter.ts';
import {
  coursesRepository,
  type InstructorRow,
  type MemberCourseFilter,
  type NewCourse,
} from './courses.repository.ts';
import { cachedCourseRead, courseJson, readCourse, type CourseViewerFields } from './course-read-cache.ts';
import { courseStampRepository } from './course-stamp.repository.ts';
import { membersRepository } from './members.repository.ts';
import { recycleBinService } from './recycle-bin.service.ts';

type CreateCourse = z.output<typeof CreateCourseRequestSchema>;
type UpdateCourse = z.output<typeof UpdateCourseRequestSchema>;
type MyCourses = z.output<typeof MyCoursesRequestSchema>;
export type CourseSelection = Partial<Course> & { id: number };

/** How many courses the recently-visited list shows. */
const RECENT_VISITS_LIMIT = 20;

/** The server's calendar date (set TZ to the organisation's zone); course dates are plain dates. */
function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function groupBy<T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const row of rows) {
    const list = out.get(key(row)) ?? [];
    list.push(row);
    out.set(key(row), list);
  }
  return out;
}

export function coursesService(ctx: AppContext) {
  const repo = coursesRepository(ctx.db);
  const stamps = courseStampRepository(ctx.db);
  const membersRepo = membersRepository(ctx.db);
  const sessionsRepo = sessionsRepository(ctx.db);
  const recycleBin = recycleBinService(ctx);
  const usersRepo = usersRepository(ctx.db);

  /**
   * Checks that the academic year, semester and department belong to the organisation and that the
   * dates are in order, reporting every wrong field at once. A semester implies its academic year.
   */
  async function resolveReferences(
    orgId: number,
    input: UpdateCourse,
    current?: Pick<NewCourse, 'semesterId' | 'startDate' | 'endDate'>,
  ): Promise<Pick<NewCourse, 'academicYearId' | 'semesterId' | 'departmentId'>> {
    const fields: FieldMessages = {};
    const out: Pick<NewCourse, 'academicYearId' | 'semesterId' | 'departmentId'> = {};

    let yearId = input.academic_year_id;
    if (yearId !== undefined && yearId !== null) {
      const year = await repo.findAcademicYear(yearId);
      if (!year || year.orgId !== orgId) fields.academic_year_id = ['courses.academicYearUnknown'];
    }
    if (input.semester_id !== undefined && input.semester_id !== null) {
      const semester = await repo.findSemester(input.semester_id);
      if (!semester || semester.orgId !== orgId) {
        fields.semester_id = ['courses.semesterUnknown'];
      } else if (yearId === undefined || yearId === null) {
        yearId = semester.academicYearId;
      } else if (semester.academicYearId !== yearId) {
        fields.semester_id = ['courses.semesterNotInAcademicYear'];
      }
      out.semesterId = input.semester_id;
    } else if (input.semester_id === null) {
      out.semesterId = null;
    } else if (yearId !== undefined && yearId !== null && current?.semesterId) {
      // A new academic year must still hold the semester the course keeps.
      const semester = await repo.findSemester(current.semesterId);
      if (semester && semester.academicYearId !== yearId) {
        fields.semester_id = ['courses.semesterNotInAcademicYear'];
      }
    }
    if (yearId !== undefined) out.academicYearId = yearId;

    if (input.department_id !== undefined && input.department_id !== null) {
      const department = await repo.findDepartment(input.department_id);
      if (!department || department.orgId !== orgId) fields.department_id = ['courses.departmentUnknown'];
    }
    if (input.department_id !== undefined) out.departmentId = input.department_id;

    const start = input.start_date !== undefined ? input.start_date : (current?.startDate ?? null);
    const end = input.end_date !== undefined ? input.end_date : (current?.endDate ?? null);
    if (start && end && end < start) fields.end_date = ['courses.endBeforeStart'];

    if (Object.keys(fields).length > 0) throw invalid(fields);
    return out;
  }

  /** Wire fields → columns, for the fields present in the request. */
  function columnsOf(input: UpdateCourse): Partial<NewCourse> {
    const values: Partial<NewCourse> = {};
    if (input.name !== undefined) values.name = input.name;
    if (input.display_name !== undefined) values.displayName = input.display_name;
    if (input.second_name !== undefined) values.secondName = input.second_name;
    if (input.course_code !== undefined) values.courseCode = input.course_code;
    if (input.subject_code !== undefined) values.subjectCode = input.subject_code;
    if (input.compulsory !== undefined) values.compulsory = input.compulsory;
    if (input.start_date !== undefined) values.startDate = input.start_date;
    if (input.end_date !== undefined) values.endDate = input.end_date;
    if (input.classroom_schedule !== undefined) values.classroomSchedule = input.classroom_schedule;
    if (input.credit !== undefined) values.credit = input.credit;
    if (input.course_type !== undefined) values.courseType = input.course_type;
    if (input.grade !== undefined) values.grade = input.grade;
    if (input.klass !== undefined) values.klass = input.klass;
    if (input.public_scope !== undefined) values.publicScope = input.public_scope;
    if (input.cover !== undefined) values.cover = input.cover;
    return values;
  }

  /**
   * The courses a user belongs to (the caller has checked who may ask). conditions.role: chief_instructor
   * means courses the user created; any other role name means the user holds it there.
   */
  async function coursesOfUser(actor: Actor, userId: number, request: MyCourses): Promise<MyCoursesResponse> {
    const { conditions, fields } = request;
    const filter: MemberCourseFilter = {
      orgId: actor.orgId,
      userId,
      keyword: conditions.keyword || undefined,
      semesterIds: conditions.semester_id,
      academicYearIds: conditions.academic_year_id,
    };
    if (conditions.role && conditions.role.length > 0) {
      filter.roleMatch = {
        createdBy: conditions.role.includes(CHIEF_INSTRUCTOR) ? userId : undefined,
        anyOfRoles: conditions.role.filter((r): r is CourseRole => r !== CHIEF_INSTRUCTOR),
      };
    }
    const day = today();
    if (conditions.status === 'not_started') filter.startsAfter = day;
    if (conditions.status === 'ongoing') {
      filter.startedBy = day;
      filter.notEndedBy = day;
    }
    if (conditions.status === 'closed') filter.endedBefore = day;

    const { rows, total } = await repo.listForMember(filter, {
      limit: request.page_size,
      offset: (request.page - 1) * request.page_size,
    });
    const ids = rows.map((r) => r.course.id);
    const wants = (name: string) => !fields || fields.has(name);
    const [instructors, counts] = await Promise.all([
      wants('instructors') ? repo.listInstructors(ids) : ([] as InstructorRow[]),
      wants('students_count') ? repo.countMembersWithRole(ids, 'student') : [],
    ]);
    const instructorsOf = groupBy(instructors, (i) => i.courseId);
    const countOf = new Map(counts.map((c) => [c.courseId, c.total]));
    return {
      ...pageMeta(request, total),
      courses: rows.map((row) =>
        selectFields(
          presentCourseSummary(
            row,
            {
              instructors: instructorsOf.get(row.course.id) ?? [],
              studentsCount: countOf.get(row.course.id) ?? 0,
            },
            userId === actor.userId
              ? effectiveRolesOf(actor, row.course.id, rolesOf(row.roles))
              : rolesOf(row.roles),
          ),
          fields,
        ),
      ),
    };
  }

  function viewerFields(access: CourseAccess): CourseViewerFields {
    return {
      current_user_roles: [...access.effectiveRoles],
      simulating: access.simulating,
      can_manage: can(access, 'course.manage'),
    };
  }

  /** The access, the visit and the content stamp in one statement, then the cached read. */
  async function openCourse(actor: Actor, courseId: number) {
    const { access, row } = accessWithRow(
      actor,
      courseId,
      await stamps.visitAndVersion(courseId, {
        userId: actor.userId,
        orgId: actor.orgId,
        orgAdmin: actor.orgRole === 'admin',
      }),
    );
    assertCan(access, 'course.read');
    return { access, entry: await cachedCourseRead(ctx.db, access, row.version) };
  }

  return {
    /** The creator becomes the chief instructor (courses.created_by) and a member with the instructor role. */
    async create(actor: Actor, input: CreateCourse): Promise<Course> {
      const isOrgAdmin = actor.orgRole === 'admin';
      const teachesInOrg =
        !isOrgAdmin && (await repo.holdsRoleInOrg(actor.userId, actor.orgId, 'instructor'));
      if (!canCreateCourse({ isOrgAdmin, teachesInOrg })) throw forbidden('courses.createNotAllowed');
      const references = await resolveReferences(actor.orgId, input);
      const courseId = await ctx.db.transaction(async (tx) => {
        const course = await repo.insert(
          {
            ...columnsOf(input),
            ...references,
            name: input.name,
            orgId: actor.orgId,
            createdBy: actor.userId,
          },
          tx,
        );
        await membersRepo.upsert(course.id, [{ userId: actor.userId, roles: ['instructor'] }], tx);
        return course.id;
      });
      return readCourse(ctx.db, await courseAccess(ctx.db).load(actor, courseId));
    },

    /**
     * `GET /api/courses/{id}` as the response's JSON: the cached shared part and the viewer's fields.
     * Opening a course is what "recently visited" lists: the visit is recorded in the stamp's statement.
     */
    async getJson(actor: Actor, courseId: number): Promise<string> {
      const { access, entry } = await openCourse(actor, courseId);
      const body = courseJson(entry, viewerFields(access));
      // Outside production every response is checked against its contract (platform/http/serialization.ts);
      // this one bypasses the serializer, so it is checked here.
      if (ctx.config.env !== 'production') CourseSchema.parse(JSON.parse(body));
      return body;
    },

    /** `GET /api/courses/{id}?fields=`: only the named fields (and id), from the same cached read. */
    async get(actor: Actor, courseId: number, fields: ReadonlySet<string>): Promise<CourseSelection> {
      const { access, entry } = await openCourse(actor, courseId);
      return selectFields({ ...entry.course, ...viewerFields(access) }, fields);
    },

    async update(actor: Actor, courseId: number, input: UpdateCourse): Promise<Course> {
      const access = await courseAccess(ctx.db).load(actor, courseId);
      assertCan(access, 'course.manage');
      const current = await repo.findById(courseId);
      if (!current) throw notFound();
      const references = await resolveReferences(actor.orgId, input, current);
      await repo.update(courseId, { ...columnsOf(input), ...references });
      return readCourse(ctx.db, access);
    },

    async remove(actor: Actor, courseId: number): Promise<void> {
      const access = await courseAccess(ctx.db).load(actor, courseId);
      assertCan(access, 'course.delete', 'courses.deleteNotAllowed');
      const course = await repo.findById(courseId);
      if (!course) throw notFound();
      // Hidden with everything in it; restorable from the deleted-courses bin (decision 0015).
      await ctx.db.transaction((tx) =>
        recycleBin.moveToBin(actor, { type: 'course', id: courseId, courseId, title: course.name }, tx),
      );
    },

    /** The caller's courses (`POST` and `GET /api/my-courses`). */
    async myCourses(actor: Actor, request: MyCourses): Promise<MyCoursesResponse> {
      return coursesOfUser(actor, actor.userId, request);
    },

    /**
     * `GET /api/users/{id}/courses`: a user's courses, as "my courses" lists them for that user. Only the
     * user themself or an administrator of their organisation may ask.
     */
    async userCourses(actor: Actor, userId: number, request: MyCourses): Promise<MyCoursesResponse> {
      if (userId !== actor.userId) {
        if (actor.orgRole !== 'admin') throw forbidden();
        const user = await usersRepo.findById(userId);
        if (!user || user.orgId !== actor.orgId) throw notFound();
      }
      return coursesOfUser(actor, userId, request);
    },

    /** The caller's member courses they opened most recently, last first. */
    async recentlyVisited(actor: Actor): Promise<VisitedCourse[]> {
      const rows = await repo.listVisitedByMember(actor.userId, actor.orgId, RECENT_VISITS_LIMIT);
      const ids = rows.map((r) => r.course.id);
      const [instructors, counts] = await Promise.all([
        repo.listInstructors(ids),
        repo.countMembersWithRole(ids, 'student'),
      ]);
      const instructorsOf = groupBy(instructors, (i) => i.courseId);
      const countOf = new Map(counts.map((c) => [c.courseId, c.total]));
      return rows.map((row) => ({
        ...presentCourseSummary(
          row,
          {
            instructors: instructorsOf.get(row.course.id) ?? [],
            studentsCount: countOf.get(row.course.id) ?? 0,
          },
          effectiveRolesOf(actor, row.course.id, rolesOf(row.roles)),
        ),
        visited_at: row.visitedAt.toISOString(),
      }));
    },

    /** Any signed-in user may ask; the answer is the organisation's, not the user's. */
    async currentSemester(actor: Actor): Promise<CurrentSemesterInfo> {
      const row = await repo.findCurrentSemester(actor.orgId, today());
      if (!row) return { semester: null, academic_year: null };
      const { academic_year: academicYear, ...semester } = presentSemester(row);
      return { semester, academic_year: academicYear };
    },

    async mySemesters(actor: Actor): Promise<Semester[]> {
      const rows = await repo.listSemestersForMember(actor.userId, actor.orgId);
      return rows.map(presentSemester);
    },

    /** Starts or ends viewing the course as a student, for the actor's current session only. */
    async simulate(actor: Actor, courseId: number, simulating: boolean): Promise<number | null> {
      const access = await courseAccess(ctx.db).load(actor, courseId);
      assertCan(access, 'simulate', 'courses.simulateNotAllowed');
      const value = simulating ? courseId : null;
      await sessionsRepo.setSimulating(sessionOf(actor), value);
      return value;
    },

    /**
     * `DELETE /api/courses/{id}/preview`: the instructor leaves the student preview (simulation) of this
     * course. Previewing another course, or none, is left as it is: the answer says what the session
     * previews afterwards.
     */
    async endPreview(actor: Actor, courseId: number): Promise<number | null> {
      const access = await courseAccess(ctx.db).load(actor, courseId);
      assertCan(access, 'simulate', 'courses.simulateNotAllowed');
      if (actor.simulatingCourseId !== courseId) return actor.simulatingCourseId ?? null;
      await sessionsRepo.setSimulating(sessionOf(actor), null);
      return null;
    },
  };
}

export type CoursesService = ReturnType<typeof coursesService>;
