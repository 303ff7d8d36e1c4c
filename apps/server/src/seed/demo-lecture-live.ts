import { and, asc, eq, sql } from 'drizzle-orm';
import { activities, activityNotDeleted } from '../db/schema/activities.ts';
import { courseMembers, courses } from '../db/schema/courses.ts';
import { lectureLiveBookings, lectureLives } from '../db/schema/lecture-live.ts';
import { newStreamKey } from '../modules/lecture-live/lecture-live.repository.ts';
import type { Transaction } from '../platform/database.ts';

/**
 * Gives the demo courses' lecture lives their ingest rows (a fresh secret key each, so instructors see
 * an encoder setup at once) and books the first lecture live of each course for its first five students,
 * so the booked count and the start notification have someone to show. Returns the bookings made.
 */
export async function insertDemoLectureLives(tx: Transaction, orgId: number): Promise<number> {
  const lives = await tx
    .select({ id: activities.id, courseId: activities.courseId })
    .from(activities)
    .innerJoin(courses, eq(courses.id, activities.courseId))
    .where(and(eq(courses.orgId, orgId), eq(activities.type, 'lecture_live'), activityNotDeleted))
    .orderBy(asc(activities.courseId), asc(activities.id));
  let booked = 0;
  const seen = new Set<number>();
  for (const live of lives) {
    await tx.insert(lectureLives).values({ activityId: live.id, streamKey: newStreamKey() });
    if (seen.has(live.courseId)) continue;
    seen.add(live.courseId);
    const students = await tx
      .select({ userId: courseMembers.userId })
      .from(courseMembers)
      .where(
        and(
          eq(courseMembers.courseId, live.courseId),
          sql`${courseMembers.roles} @> array['student']::text[]`,
        ),
      )
      .orderBy(asc(courseMembers.userId))
      .limit(5);
    if (students.length === 0) continue;
    await tx
      .insert(lectureLiveBookings)
      .values(students.map((s) => ({ activityId: live.id, userId: s.userId })));
    booked += students.length;
  }
  return booked;
}
