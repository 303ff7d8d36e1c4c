import type { z } from 'zod';
import {
  COMBINE_LIMITS,
  COMBINED_COURSE_TYPE,
  COMBINED_COURSE_VISIBILITY,
  isCoverFileName,
} from '@lectern/contracts/course-combining/course-combining.rules';
import type {
  AssignActivityToModuleRequestSchema,
  AssignSubCoursesRequestSchema,
  CombinableCoursesQuerySchema,
  CombinableCoursesResponse,
  CombineContentsRequestSchema,
  CombineContentsResponse,
  CombineCoursesRequestSchema,
  CombineCoursesResponse,
  CourseSubCoursesResponse,
  CoursesToMergeResponse,
  InspectResponse,
  SubCourse,
} from '@lectern/contracts/course-combining/course-combining.schemas';
import { TEACHING_ROLES, sortRoles, type CourseRole } from '@lectern/contracts/courses/course-roles';
import type { AppContext } from '../../platform/app-context.ts';
import { AppError, forbidden, invalid, type FieldMessages } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { activityAccess } from '../activities/activity-access.ts';
import { courseAccess, rolesOf } from '../courses/course-access.ts';
import { assertCan, can, canCreateCourse, type CourseAccess } from '../courses/courses.policy.ts';
import { coursesRepository } from '../courses/courses.repository.ts';
import { membersRepository } from '../courses/members.repository.ts';
import { uploadAccess } from '../uploads/upload-access.ts';
import { uploadsRepository } from '../uploads/uploads.repository.ts';
import { presentCombinable, presentCoursesToMerge, presentSubCourse } from './course-combining.presenter.ts';
import { courseCombiningRepository } from './course-combining.repository.ts';

type CombineInput = z.output<typeof CombineCoursesRequestSchema>;
type CombinableQuery = z.output<typeof CombinableCoursesQuerySchema>;
type CombineContentsInput = z.output<typeof CombineContentsRequestSchema>;
type AssignToModuleInput = z.output<typeof AssignActivityToModuleRequestSchema>;
type AssignSubCoursesInput = z.output<typeof AssignSubCoursesRequestSchema>;

const notCombined = () => new AppError('conflict', 'courseCombining.notCombined');

export function courseCombiningService(ctx: AppContext) {
  const repo = courseCombiningRepository(ctx.db);
  const courses = courseAccess(ctx.db);
  const coursesRepo = coursesRepository(ctx.db);
  const members = membersRepository(ctx.db);
  const activities = activityAccess(ctx.db);
  const uploads = uploadsRepository(ctx.db);
  const uploadsAccess = uploadAccess(ctx.db);

  /** The combined course, managed by the caller (refused while simulating). */
  async function managedCombined(actor: Actor, courseId: number): Promise<CourseAccess> {
    const access = await courses.load(actor, courseId);
    assertCan(access, 'course.manage');
    if (access.courseType !== COMBINED_COURSE_TYPE) throw notCombined();
    return access;
  }

  async function presentSubCourses(parentCourseId: number): Promise<SubCourse[]> {
    const rows = await repo.subCourses(parentCourseId);
    const ids = rows.map((r) => r.id);
    const [counts, instructors] = await Promise.all([repo.studentCounts(ids), repo.instructors(ids)]);
    return rows.map((row) =>
      presentSubCourse(
        row,
        counts.get(row.id) ?? 0,
        instructors.filter((i) => i.courseId === row.id).map(({ id, name }) => ({ id, name })),
      ),
    );
  }

  /** The cover columns for a preset key or an uploaded picture the caller may use. */
  async function coverOf(
    actor: Actor,
    input: CombineInput,
    fields: FieldMessages,
  ): Promise<{ cover: string | null; coverKey: string | null }> {
    const key = input.courseCoverKey ?? null;
    const uploadId = input.courseCoverId ?? null;
    if (key !== null && uploadId !== null) {
      fields.courseCoverId = ['courseCombining.coverBoth'];
      return { cover: null, coverKey: null };
    }
    if (uploadId === null) return { cover: null, coverKey: key };
    const [upload] = await uploads.findByIds([uploadId]);
    const usable =
      upload && upload.status === 'ready' && !upload.deleted
        ? (await uploadsAccess.readableIds(actor, [upload])).has(upload.id)
        : false;
    if (!upload || !usable) {
      fields.courseCoverId = ['courseCombining.coverUnavailable'];
    } else if (!isCoverFileName(upload.name) || upload.type !== 'image') {
      fields.courseCoverId = ['courseCombining.coverTypeInvalid'];
    }
    return { cover: `/api/uploads/${uploadId}/blob`, coverKey: null };
  }

  return {
    /** `POST /api/combine-courses`: checks every course, then makes (or extends) the combined course. */
    async combine(actor: Actor, input: CombineInput): Promise<CombineCoursesResponse> {
      const isOrgAdmin = actor.orgRole === 'admin';
      const teachesInOrg =
        !isOrgAdmin && (await coursesRepo.holdsRoleInOrg(actor.userId, actor.orgId, 'instructor'));
      if (!canCreateCourse({ isOrgAdmin, teachesInOrg })) throw forbidden('courses.createNotAllowed');

      const fields: FieldMessages = {};
      const parentId = input.parentCourseId ?? null;
      let parentAccess: CourseAccess | undefined;
      if (parentId !== null) {
        parentAccess = await courses.load(actor, parentId);
        assertCan(parentAccess, 'course.manage');
        if (parentAccess.courseType !== COMBINED_COURSE_TYPE) {
          fields.parentCourseId = ['courseCombining.parentNotCombined'];
        }
      }
      const requested = [...new Set(input.subCourseIds)];
      if (parentId !== null && requested.includes(parentId)) {
        fields.parentCourseId = ['courseCombining.parentAmongSubCourses'];
      }
      const rows = await repo.findCourses(actor.orgId, actor.userId, requested);
      const byId = new Map(rows.map((r) => [r.id, r]));
      const problems: FieldMessages[string] = [];
      const added: number[] = [];
      for (const id of requested) {
        const row = byId.get(id);
        if (!row) {
          problems.push({ key: 'courseCombining.courseNotFound', params: { id } });
          continue;
        }
        const name = row.displayName ?? row.name;
        if (row.courseType === COMBINED_COURSE_TYPE) {
          problems.push({ key: 'courseCombining.combinedNotSub', params: { name } });
        } else if (!isOrgAdmin && !rolesOf(row.roles).includes('instructor')) {
          problems.push({ key: 'courseCombining.notInstructor', params: { name } });
        } else if (row.parentCourseId !== null && row.parentCourseId === parentId) {
          // Already in this combined course: nothing to add.
        } else if (row.parentCourseId !== null) {
          problems.push({ key: 'courseCombining.alreadyCombined', params: { name } });
        } else {
          added.push(id);
        }
      }
      const existing = parentId !== null ? (await repo.subCourses(parentId)).length : 0;
      if (problems.length > 0) fields.subCourseIds = problems;
      else if (existing + added.length < COMBINE_LIMITS.minCourses) {
        fields.subCourseIds = [
          { key: 'courseCombining.tooFewCourses', params: { minimum: COMBINE_LIMITS.minCourses } },
        ];
      } else if (existing + added.length > COMBINE_LIMITS.maxCourses) {
        fields.subCourseIds = ['courseCombining.tooManyCourses'];
      }
      const { cover, coverKey } = await coverOf(actor, input, fields);
      if (Object.keys(fields).length > 0) throw invalid(fields);

      const team = await repo.teachingMembers(added);
      const courseId = await ctx.db.transaction(async (tx) => {
        let id = parentId;
        if (id === null) {
          const course = await coursesRepo.insert(
            {
              orgId: actor.orgId,
              name: input.title,
              courseType: COMBINED_COURSE_TYPE,
              publicScope: COMBINED_COURSE_VISIBILITY,
              cover,
              courseAttributes: coverKey ? { cover_key: coverKey } : {},
              createdBy: actor.userId,
            },
            tx,
          );
          id = course.id;
        } else {
          await coursesRepo.update(
            id,
            {
              name: input.title,
              ...(cover !== null ? { cover } : {}),
              ...(coverKey !== null ? { courseAttributes: { cover_key: coverKey } } : {}),
            },
            tx,
          );
        }
        // The sub-courses' teaching teams teach the combined course; their students come through the links.
        const teamRoles = new Map<number, CourseRole[]>();
        for (const member of team) {
          const roles = rolesOf(member.roles).filter((r) => TEACHING_ROLES.includes(r));
          teamRoles.set(member.userId, sortRoles([...(teamRoles.get(member.userId) ?? []), ...roles]));
        }
        teamRoles.set(actor.userId, sortRoles(['instructor', ...(teamRoles.get(actor.userId) ?? [])]));
        if (parentId !== null) {
          // Never lower the roles people already hold in an existing combined course.
          const current = await repo.teachingMembers([parentId], tx);
          for (const member of current) teamRoles.delete(member.userId);
        }
        await members.upsert(
          id,
          [...teamRoles].map(([userId, roles]) => ({ userId, roles })),
          tx,
        );
        await repo.insertLinks(id, added, actor.userId, (await repo.maxSort(id, tx)) + 1, tx);
        return id;
      });
      return { courseId };
    },

    /** `GET /api/combine-courses`: the courses the caller teaches, for the wizard's first step. */
    async combinable(actor: Actor, query: CombinableQuery): Promise<CombinableCoursesResponse> {
      const keyword = query.conditions.keyword || undefined;
      const rows = await repo.listCombinable(actor.userId, actor.orgId, keyword);
      return { courses: rows.map(presentCombinable) };
    },

    /** `GET /api/combine-courses/{id}/sub-courses`: for the teaching team. */
    async subCourses(actor: Actor, courseId: number): Promise<SubCourse[]> {
      const access = await courses.load(actor, courseId);
      assertCan(access, 'members.read_contacts');
      if (access.courseType !== COMBINED_COURSE_TYPE) return [];
      return presentSubCourses(courseId);
    },

    /** `GET /api/courses/{id}/sub-courses`: members see the sub-courses; the team also sees assignments. */
    async courseSubCourses(actor: Actor, courseId: number): Promise<CourseSubCoursesResponse> {
      const access = await courses.load(actor, courseId);
      assertCan(access, 'course.read');
      if (access.courseType !== COMBINED_COURSE_TYPE) {
        return { combined: false, sub_courses: [], activity_assignments: [] };
      }
      const teaching = can(access, 'activity.read_unpublished');
      const [subCourses, assignments] = await Promise.all([
        presentSubCourses(courseId),
        teaching ? repo.assignmentsOfCourse(courseId) : [],
      ]);
      const byActivity = new Map<number, number[]>();
      for (const row of assignments) {
        byActivity.set(row.activityId, [...(byActivity.get(row.activityId) ?? []), row.subCourseId]);
      }
      return {
        combined: true,
        sub_courses: subCourses,
        activity_assignments: [...byActivity].map(([activity_id, sub_course_ids]) => ({
          activity_id,
          sub_course_ids,
        })),
      };
    },

    /** `GET /api/combine-courses/{id}/courses-to-merged`: each sub-course's remaining tree. */
    async coursesToMerge(actor: Actor, courseId: number): Promise<CoursesToMergeResponse> {
      const access = await courses.load(actor, courseId);
      assertCan(access, 'members.read_contacts');
      if (access.courseType !== COMBINED_COURSE_TYPE) return { combined: false, modules: [], courses: [] };
      const subCourses = await repo.subCourses(courseId);
      const ids = subCourses.map((c) => c.id);
      const [combined, ownModules, modules, syllabi, activityRows] = await Promise.all([
        repo.isCombined(courseId),
        repo.modulesOf([courseId]),
        repo.modulesOf(ids),
        repo.syllabiOf(ids),
        repo.activitiesOf(ids),
      ]);
      return {
        combined,
        modules: ownModules.map(({ id, name }) => ({ id, name })),
        courses: presentCoursesToMerge(subCourses, { modules, syllabi, activities: activityRows }),
      };
    },

    /** `POST /api/combine-courses/{id}/combine-contents`: one sub-course's chosen sections move in. */
    async combineContents(
      actor: Actor,
      courseId: number,
      input: CombineContentsInput,
    ): Promise<CombineContentsResponse> {
      await managedCombined(actor, courseId);
      const subCourses = await repo.subCourses(courseId);
      if (!subCourses.some((c) => c.id === input.course_id)) {
        throw invalid({
          course_id: [{ key: 'courseCombining.subCourseUnknown', params: { id: input.course_id } }],
        });
      }
      // Moving content out of a course is managing it too.
      assertCan(await courses.load(actor, input.course_id), 'course.manage');
      const moduleIds = [...new Set(input.module_ids)];
      const own = new Set((await repo.modulesOf([input.course_id])).map((m) => m.id));
      const foreign = moduleIds.filter((id) => !own.has(id));
      if (foreign.length > 0) {
        throw invalid({
          module_ids: foreign.map((id) => ({ key: 'courseCombining.moduleNotInSubCourse', params: { id } })),
        });
      }
      const activityCount = await ctx.db.transaction(async (tx) => {
        const moved = await repo.moveModules(courseId, moduleIds, tx);
        await repo.markMerged(input.course_id, tx);
        return moved;
      });
      return { course_id: input.course_id, module_ids: moduleIds, activity_count: activityCount };
    },

    /** `POST /api/courses/{id}/assign-activity-to-module`: activities of the course or its sub-courses into one of its sections. */
    async assignToModule(
      actor: Actor,
      courseId: number,
      input: AssignToModuleInput,
    ): Promise<{ module_id: number; activity_ids: number[] }> {
      const access = await courses.load(actor, courseId);
      assertCan(access, 'course.manage');
      const fields: FieldMessages = {};
      const module = await repo.findModule(input.module_id);
      if (!module || module.courseId !== courseId) fields.module_id = ['courseCombining.moduleNotInCourse'];
      const syllabusId = input.syllabus_id ?? null;
      if (syllabusId !== null) {
        const syllabus = await repo.findSyllabus(syllabusId);
        if (!syllabus || syllabus.moduleId !== input.module_id) {
          fields.syllabus_id = ['courseCombining.syllabusNotInModule'];
        }
      }
      const ids = [...new Set(input.activity_ids)];
      const subCourseIds =
        access.courseType === COMBINED_COURSE_TYPE ? (await repo.subCourses(courseId)).map((c) => c.id) : [];
      const allowed = new Set([courseId, ...subCourseIds]);
      const rows = await repo.findActivities(ids);
      const byId = new Map(rows.map((r) => [r.id, r]));
      const outside = ids.filter((id) => {
        const row = byId.get(id);
        return !row || !allowed.has(row.courseId);
      });
      if (outside.length > 0) {
        fields.activity_ids = outside.map((id) => ({
          key: 'courseCombining.activityNotInSubCourses',
          params: { id },
        }));
      }
      if (Object.keys(fields).length > 0) throw invalid(fields);
      const sources = [...new Set(rows.map((r) => r.courseId))].filter((id) => id !== courseId);
      for (const source of sources) assertCan(await courses.load(actor, source), 'course.manage');
      await ctx.db.transaction(async (tx) => {
        await repo.moveActivities(courseId, ids, input.module_id, syllabusId, tx);
        for (const source of sources) await repo.markMerged(source, tx);
      });
      return { module_id: input.module_id, activity_ids: ids };
    },

    /** `PUT /api/courses/inspect-child/{id}`: what is left of a sub-course was reviewed. */
    async inspectChild(actor: Actor, subCourseId: number): Promise<InspectResponse> {
      const parentId = await repo.parentOf(subCourseId);
      if (parentId === undefined) {
        assertCan(await courses.load(actor, subCourseId), 'course.manage');
        throw notCombined();
      }
      await managedCombined(actor, parentId);
      await repo.markSubInspected(subCourseId);
      return { course_id: subCourseId, inspected: true };
    },

    /** `PUT /api/courses/{id}/inspect`: the merge is confirmed; the merge modal opens at its second step. */
    async inspect(actor: Actor, courseId: number): Promise<InspectResponse> {
      await managedCombined(actor, courseId);
      await repo.markCombined(courseId, actor.userId);
      return { course_id: courseId, inspected: true };
    },

    /** `PUT /api/activities/{id}/sub-courses`: shows an activity of a combined course to some sub-courses only. */
    async assignSubCourses(
      actor: Actor,
      activityId: number,
      input: AssignSubCoursesInput,
    ): Promise<{ activity_id: number; sub_course_ids: number[] }> {
      const { activity, access } = await activities.loadManaged(actor, activityId);
      if (access.courseType !== COMBINED_COURSE_TYPE) throw notCombined();
      const own = new Set((await repo.subCourses(activity.courseId)).map((c) => c.id));
      const ids = [...new Set(input.sub_course_ids)].sort((a, b) => a - b);
      const unknown = ids.filter((id) => !own.has(id));
      if (unknown.length > 0) {
        throw invalid({
          sub_course_ids: unknown.map((id) => ({ key: 'courseCombining.subCourseUnknown', params: { id } })),
        });
      }
      await ctx.db.transaction((tx) => repo.replaceAssignment(activity.id, ids, tx));
      return { activity_id: activity.id, sub_course_ids: ids };
    },
  };
}
