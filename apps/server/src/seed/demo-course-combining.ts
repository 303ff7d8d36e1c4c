import { ACTIVITY_DATA_SCHEMAS } from '@lectern/contracts/activities/activity-data.schemas';
import type { ActivityType } from '@lectern/contracts/activities/activity-types';
import { resolveCompletion } from '@lectern/contracts/activities/completion-criteria';
import { COMBINED_COURSE_TYPE } from '@lectern/contracts/course-combining/course-combining.rules';
import { and, eq, inArray } from 'drizzle-orm';
import { activities } from '../db/schema/activities.ts';
import { activitySubCourses, courseSubCourses } from '../db/schema/course-combining.ts';
import { courseMembers, courseModules, courses, semesters } from '../db/schema/courses.ts';
import { users } from '../db/schema/identity.ts';
import type { Transaction } from '../platform/database.ts';
import { studentNo } from './demo-people.ts';

const DAY_MS = 86_400_000;
const OWNER = 't1002';

/** The two sections of linear algebra, each with five of the demo students, combined into one course. */
const SUB_COURSES = [
  {
    name: '线性代数（1 班）',
    secondName: 'Linear Algebra, class 1',
    courseCode: 'LA201-1',
    students: [31, 35],
  },
  {
    name: '线性代数（2 班）',
    secondName: 'Linear Algebra, class 2',
    courseCode: 'LA201-2',
    students: [36, 40],
  },
] as const;

function activityValues(type: ActivityType, data: Record<string, unknown>) {
  const parsed = ACTIVITY_DATA_SCHEMAS[type].safeParse(data);
  if (!parsed.success) throw new Error(`demo seed: invalid ${type} data: ${parsed.error.message}`);
  const completion = resolveCompletion(type, { h5CoursewareCompleteness: false }, {});
  if (!completion.ok) throw new Error(`demo seed: no default completion criterion for ${type}`);
  return {
    type,
    data: parsed.data as Record<string, unknown>,
    completionCriterionKey: completion.key,
    completionCriterionValue: completion.value,
  };
}

/**
 * Course combining's demo (issue 18): 陈静's two linear-algebra classes, LA201-1 (s20240031–35) and
 * LA201-2 (s20240036–40), combined into LA201, a private course of type 10 she teaches, as the combine
 * call leaves it. Its students are those of both classes (through course_sub_courses); of its two
 * activities the reading is for everyone and the homework only for class 2. Returns the combined
 * course's id.
 */
export async function insertDemoCourseCombining(tx: Transaction, orgId: number, now: Date): Promise<number> {
  const [owner] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.orgId, orgId), eq(users.userNo, OWNER)));
  if (!owner) throw new Error(`demo seed: no user ${OWNER}`);
  const [semester] = await tx
    .select({ id: semesters.id, academicYearId: semesters.academicYearId })
    .from(semesters)
    .where(and(eq(semesters.orgId, orgId), eq(semesters.code, '2026-2027-1')));
  const calendar = semester
    ? { semesterId: semester.id, academicYearId: semester.academicYearId }
    : { semesterId: null, academicYearId: null };
  const studentNos = SUB_COURSES.flatMap((c) =>
    Array.from({ length: c.students[1] - c.students[0] + 1 }, (_, i) => studentNo(c.students[0] + i)),
  );
  const studentRows = await tx
    .select({ id: users.id, userNo: users.userNo })
    .from(users)
    .where(and(eq(users.orgId, orgId), inArray(users.userNo, studentNos)));
  const studentId = new Map(studentRows.map((s) => [s.userNo, s.id]));

  const subCourseIds: number[] = [];
  for (const sub of SUB_COURSES) {
    const [row] = await tx
      .insert(courses)
      .values({
        orgId,
        name: sub.name,
        secondName: sub.secondName,
        courseCode: sub.courseCode,
        ...calendar,
        credit: '3',
        createdBy: owner.id,
      })
      .returning({ id: courses.id });
    if (!row) throw new Error(`demo seed: course ${sub.courseCode}`);
    subCourseIds.push(row.id);
    const students = Array.from({ length: sub.students[1] - sub.students[0] + 1 }, (_, i) =>
      studentNo(sub.students[0] + i),
    );
    await tx.insert(courseMembers).values([
      { courseId: row.id, userId: owner.id, roles: ['instructor'] },
      ...students.map((userNo) => {
        const userId = studentId.get(userNo);
        if (userId === undefined) throw new Error(`demo seed: no user ${userNo}`);
        return { courseId: row.id, userId, roles: ['student'] };
      }),
    ]);
  }

  const [parent] = await tx
    .insert(courses)
    .values({
      orgId,
      name: '线性代数（合班）',
      secondName: 'Linear Algebra (combined)',
      courseCode: 'LA201',
      ...calendar,
      credit: '3',
      courseType: COMBINED_COURSE_TYPE,
      publicScope: 'private',
      createdBy: owner.id,
    })
    .returning({ id: courses.id });
  if (!parent) throw new Error('demo seed: combined course LA201');
  await tx.insert(courseMembers).values({ courseId: parent.id, userId: owner.id, roles: ['instructor'] });
  await tx.insert(courseSubCourses).values(
    subCourseIds.map((subCourseId, i) => ({
      parentCourseId: parent.id,
      subCourseId,
      sort: i + 1,
      createdBy: owner.id,
    })),
  );

  const [module] = await tx
    .insert(courseModules)
    .values({ courseId: parent.id, name: '第一章 行列式', sort: 1 })
    .returning({ id: courseModules.id });
  if (!module) throw new Error('demo seed: module of LA201');
  const [, homework] = await tx
    .insert(activities)
    .values([
      {
        courseId: parent.id,
        moduleId: module.id,
        title: '行列式的定义与性质（两个班共用）',
        ...activityValues('material', {}),
        startTime: new Date(now.getTime() - 7 * DAY_MS),
        published: true,
        sort: 1,
        createdBy: owner.id,
      },
      {
        courseId: parent.id,
        moduleId: module.id,
        title: '作业：行列式计算（2 班）',
        ...activityValues('homework', {
          description: '<p>教材习题 1.2 第 1、3、5 题，写出完整的展开过程。</p>',
        }),
        startTime: new Date(now.getTime() - 2 * DAY_MS),
        endTime: new Date(now.getTime() + 12 * DAY_MS),
        published: true,
        sort: 2,
        createdBy: owner.id,
      },
    ])
    .returning({ id: activities.id });
  const classTwo = subCourseIds[1];
  if (!homework || classTwo === undefined) throw new Error('demo seed: activities of LA201');
  await tx.insert(activitySubCourses).values({ activityId: homework.id, subCourseId: classTwo });
  return parent.id;
}
