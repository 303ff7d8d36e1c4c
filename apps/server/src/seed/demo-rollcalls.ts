import { and, asc, arrayContains, eq } from 'drizzle-orm';
import { courseMembers, courses } from '../db/schema/courses.ts';
import { rollcallAnswers, rollcalls } from '../db/schema/rollcalls.ts';
import type { Transaction } from '../platform/database.ts';

const DAY_MS = 86_400_000;

/** Past lectures of the first demo course, one roll call of each kind, oldest first. */
const PAST_ROLLCALLS = [
  { daysAgo: 15, title: '第 3 周 周一 点名', type: 'number', numberCode: '4817' },
  { daysAgo: 8, title: '第 4 周 周一 扫码签到', type: 'qr', numberCode: null },
  { daysAgo: 1, title: '第 5 周 周一 雷达点名', type: 'radar', numberCode: null },
] as const;

/** The lecture hall the radar roll call was taken in. */
const HALL = { latitude: 31.0252, longitude: 121.4337, radius: 100 };

/**
 * Three finished roll calls on the first demo course, so its attendance page and CSV export have history:
 * most students on time, a few late, one on leave, and every seventh absent (no answer row, as the app
 * stores an absence). Returns the number of roll calls written.
 */
export async function insertDemoRollcalls(tx: Transaction, orgId: number, now: Date): Promise<number> {
  const [course] = await tx
    .select({ id: courses.id, ownerId: courses.createdBy })
    .from(courses)
    .where(eq(courses.orgId, orgId))
    .orderBy(asc(courses.id))
    .limit(1);
  if (!course) return 0;
  const students = await tx
    .select({ id: courseMembers.userId })
    .from(courseMembers)
    .where(and(eq(courseMembers.courseId, course.id), arrayContains(courseMembers.roles, ['student'])))
    .orderBy(asc(courseMembers.userId));

  for (const [round, past] of PAST_ROLLCALLS.entries()) {
    const startedAt = new Date(now.getTime() - past.daysAgo * DAY_MS);
    const duration = 300;
    const [row] = await tx
      .insert(rollcalls)
      .values({
        courseId: course.id,
        title: past.title,
        type: past.type,
        numberCode: past.numberCode,
        ...(past.type === 'radar' ? HALL : {}),
        durationSeconds: duration,
        status: 'finished',
        startedAt,
        endsAt: new Date(startedAt.getTime() + duration * 1000),
        createdBy: course.ownerId,
        createdAt: startedAt,
      })
      .returning({ id: rollcalls.id });
    if (!row) throw new Error('demo roll call insert returned nothing');
    const answers = students.flatMap(({ id }, i): (typeof rollcallAnswers.$inferInsert)[] => {
      // Shifted per round, so it is not the same students absent or late every week.
      const k = i + round * 3;
      if (k % 7 === 6) return [];
      const answeredAt = new Date(startedAt.getTime() + (30 + (i % 200)) * 1000);
      if (k % 11 === 4) {
        return [
          { rollcallId: row.id, userId: id, status: 'on_leave', source: 'manual', markedBy: course.ownerId },
        ];
      }
      const late = k % 9 === 2;
      return [
        {
          rollcallId: row.id,
          userId: id,
          status: late ? 'late' : 'on_call_fine',
          source: late ? 'manual' : past.type,
          deviceId: `demo-device-${id}`,
          answeredAt,
          markedBy: late ? course.ownerId : null,
        },
      ];
    });
    if (answers.length > 0) await tx.insert(rollcallAnswers).values(answers);
  }
  return PAST_ROLLCALLS.length;
}
