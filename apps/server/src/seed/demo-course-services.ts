import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  courseDownloadPrintPermissions,
  courseEstimateReplies,
  courseEstimates,
  courseRegistrationSettings,
} from '../db/schema/course-services.ts';
import { courseMembers, courses } from '../db/schema/courses.ts';
import type { Transaction } from '../platform/database.ts';

const REVIEWS = [
  { score: 5, content: '讲解清楚，习题课很有帮助。' },
  { score: 4, content: '节奏稍快，但课件和例题都很完整。' },
  { score: 4, content: '老师答疑及时，推荐给想打好基础的同学。' },
];

/**
 * Course services' demo, on the public courses the portal shows (after insertDemoPublicListings): MATH101
 * takes students by themselves (60 places, so the demo students who are not in it yet can join from the
 * portal), with three students' reviews and the instructor's reply to the first; PHY110's students may view
 * but not print its files. Returns the number of reviews written.
 */
export async function insertDemoCourseServices(tx: Transaction, orgId: number): Promise<number> {
  const rows = await tx
    .select({ id: courses.id, code: courses.courseCode, ownerId: courses.createdBy })
    .from(courses)
    .where(and(eq(courses.orgId, orgId), inArray(courses.courseCode, ['MATH101', 'PHY110'])));
  const math = rows.find((r) => r.code === 'MATH101');
  const physics = rows.find((r) => r.code === 'PHY110');
  if (physics) {
    await tx
      .insert(courseDownloadPrintPermissions)
      .values({ courseId: physics.id, type: 'print', allowStudents: false });
  }
  if (!math) return 0;
  await tx.insert(courseRegistrationSettings).values({ courseId: math.id, enabled: true, capacity: 60 });
  const students = await tx
    .select({ userId: courseMembers.userId })
    .from(courseMembers)
    .where(and(eq(courseMembers.courseId, math.id), sql`'student' = any(${courseMembers.roles})`))
    .orderBy(asc(courseMembers.userId))
    .limit(REVIEWS.length);
  if (students.length === 0) return 0;
  const written = await tx
    .insert(courseEstimates)
    .values(
      students.flatMap((s, i) => {
        const review = REVIEWS[i];
        return review ? [{ courseId: math.id, userId: s.userId, ...review }] : [];
      }),
    )
    .returning({ id: courseEstimates.id });
  const first = written[0];
  if (first && math.ownerId !== null) {
    await tx.insert(courseEstimateReplies).values({
      estimateId: first.id,
      userId: math.ownerId,
      content: '谢谢反馈，习题课会继续保留。',
    });
  }
  return written.length;
}
