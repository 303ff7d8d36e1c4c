import { and, asc, eq, sql } from 'drizzle-orm';
import { HOMEWORK_STATUS } from '@lectern/contracts/homework/homework.rules';
import { activities } from '../db/schema/activities.ts';
import { courseMembers, courses } from '../db/schema/courses.ts';
import { homeworkSubmissions, homeworkSubmitters, scoreRecords } from '../db/schema/homework.ts';
import { users } from '../db/schema/identity.ts';
import type { Transaction } from '../platform/database.ts';

const HOUR_MS = 3_600_000;

/**
 * Hand-ins for the first published homework of the first demo course: one marked (with its score record),
 * one awaiting marking, so the marking dialog and the student's page have something to show. Returns the
 * number of submissions written.
 */
export async function insertDemoHomework(tx: Transaction, orgId: number, now: Date): Promise<number> {
  const [course] = await tx
    .select({ id: courses.id, ownerId: courses.createdBy })
    .from(courses)
    .where(eq(courses.orgId, orgId))
    .orderBy(asc(courses.id))
    .limit(1);
  if (!course) return 0;
  const [homework] = await tx
    .select({ id: activities.id })
    .from(activities)
    .where(
      and(
        eq(activities.courseId, course.id),
        eq(activities.type, 'homework'),
        eq(activities.published, true),
      ),
    )
    .orderBy(asc(activities.sort), asc(activities.id))
    .limit(1);
  if (!homework) return 0;
  const students = await tx
    .select({ id: users.id })
    .from(courseMembers)
    .innerJoin(users, eq(users.id, courseMembers.userId))
    .where(
      and(eq(courseMembers.courseId, course.id), sql`${courseMembers.roles} @> array['student']::text[]`),
    )
    .orderBy(asc(users.userNo))
    .limit(2);
  const [marked, waiting] = students;
  if (!marked || !waiting) return 0;

  const handedIn = new Date(now.getTime() - 2 * 24 * HOUR_MS);
  const markedAt = new Date(now.getTime() - 24 * HOUR_MS);
  await tx.insert(homeworkSubmissions).values([
    {
      activityId: homework.id,
      userId: marked.id,
      version: 1,
      comment: '<p>已实现带头结点单链表的插入、删除、查找与逆置，时间复杂度分析见附带说明。</p>',
      status: HOMEWORK_STATUS.submitted,
      score: 92,
      finalScore: 92,
      instructorComment: '实现完整，逆置部分可以再简化。',
      submittedAt: handedIn,
      submittedBy: marked.id,
      markedBy: course.ownerId,
      markedAt,
    },
    {
      activityId: homework.id,
      userId: waiting.id,
      version: 1,
      comment: '<p>完成了插入与删除，查找和逆置还在调试中。</p>',
      status: HOMEWORK_STATUS.submitted,
      submittedAt: new Date(handedIn.getTime() + 3 * HOUR_MS),
      submittedBy: waiting.id,
    },
  ]);
  await tx.insert(homeworkSubmitters).values([
    { activityId: homework.id, userId: marked.id, status: HOMEWORK_STATUS.submitted, lastVersion: 1 },
    { activityId: homework.id, userId: waiting.id, status: HOMEWORK_STATUS.submitted, lastVersion: 1 },
  ]);
  const [owner] = await tx.select({ name: users.name }).from(users).where(eq(users.id, course.ownerId));
  await tx.insert(scoreRecords).values({
    activityId: homework.id,
    userId: marked.id,
    version: 1,
    scoreMethod: 'manual',
    score: 92,
    finalScore: 92,
    operatorId: course.ownerId,
    operatorName: owner?.name ?? null,
    createdAt: markedAt,
  });
  return 2;
}
