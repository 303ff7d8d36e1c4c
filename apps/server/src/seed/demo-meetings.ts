import { and, asc, eq, max } from 'drizzle-orm';
import { activities } from '../db/schema/activities.ts';
import { courseModules, courses } from '../db/schema/courses.ts';
import type { Transaction } from '../platform/database.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Meetings linked by URL (the generic adapter): the demo links point at the example.edu domain, which
 * the instructor would replace with their own meeting's link. Times are relative to the seeding moment.
 */
const DEMO_MEETINGS = [
  {
    type: 'tencent_meeting',
    title: '腾讯会议：期中答疑',
    start: -3 * DAY_MS,
    end: -3 * DAY_MS + 2 * HOUR_MS,
    data: {
      meeting_code: '628-401-337',
      join_url: 'https://meeting.example.edu/j/628401337',
      playback: true,
      replay_address: ['https://meeting.example.edu/replay/628401337'],
      description: '<p>期中考试前的集中答疑，回放可在会后观看。</p>',
    },
  },
  {
    type: 'wecom_meeting',
    title: '企业微信会议：小组项目讨论',
    start: -HOUR_MS,
    end: 30 * DAY_MS,
    data: { meeting_code: '90210', join_url: 'https://meeting.example.edu/j/90210' },
  },
  {
    type: 'dingtalk_live',
    title: '钉钉直播：算法专题讲座',
    start: 2 * DAY_MS,
    end: 2 * DAY_MS + 2 * HOUR_MS,
    data: { host: '王老师', join_url: 'https://live.example.edu/dingtalk/5521', audit_status: 2 },
  },
  {
    type: 'webex_meeting',
    title: 'Webex: Guest lecture',
    start: 5 * DAY_MS,
    end: 5 * DAY_MS + 90 * 60_000,
    data: { duration: 90, join_url: 'https://webex.example.edu/meet/cs201' },
  },
  {
    type: 'trial_teaching',
    title: '试讲：链表与递归',
    start: 7 * DAY_MS,
    end: 7 * DAY_MS + HOUR_MS,
    data: { teaching_model: 'offline', member_count: 6, location: '教学楼 A-302' },
  },
  {
    type: 'lesson_replay',
    title: '课堂回放：第 6 周',
    start: 9 * DAY_MS,
    end: 40 * DAY_MS,
    data: {},
  },
] as const;

/** One published activity of several meeting types in the first demo course (CS201). Returns the count. */
export async function insertDemoMeetings(tx: Transaction, orgId: number, now: Date): Promise<number> {
  const [course] = await tx
    .select({ id: courses.id, ownerId: courses.createdBy })
    .from(courses)
    .where(eq(courses.orgId, orgId))
    .orderBy(asc(courses.id))
    .limit(1);
  if (!course) return 0;
  const [module] = await tx
    .select({ id: courseModules.id })
    .from(courseModules)
    .where(eq(courseModules.courseId, course.id))
    .orderBy(asc(courseModules.sort), asc(courseModules.id))
    .limit(1);
  if (!module) return 0;
  const [last] = await tx
    .select({ sort: max(activities.sort) })
    .from(activities)
    .where(and(eq(activities.courseId, course.id), eq(activities.moduleId, module.id)));
  let sort = (last?.sort ?? 0) + 1;
  const at = (offset: number) => new Date(now.getTime() + offset);
  await tx.insert(activities).values(
    DEMO_MEETINGS.map((m) => ({
      courseId: course.id,
      moduleId: module.id,
      type: m.type,
      title: m.title,
      // The lesson replay records the lesson between its own start and end.
      data:
        m.type === 'lesson_replay'
          ? {
              lesson_start_time: at(m.start).toISOString(),
              lesson_end_time: at(m.start + 2 * HOUR_MS).toISOString(),
            }
          : { ...m.data },
      startTime: at(m.start),
      endTime: at(m.end),
      published: true,
      completionCriterionKey: 'view',
      sort: sort++,
      createdBy: course.ownerId,
    })),
  );
  return DEMO_MEETINGS.length;
}
