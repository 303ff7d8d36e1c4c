import { and, asc, eq } from 'drizzle-orm';
import { announcements } from '../db/schema/announcements.ts';
import { courses } from '../db/schema/courses.ts';
import { users } from '../db/schema/identity.ts';
import { ANNOUNCEMENT_PUBLISH_JOB } from '../modules/announcements/announcements.service.ts';
import type { Transaction } from '../platform/database.ts';
import { enqueue } from '../platform/jobs/job-queue.ts';

const DAY_MS = 86_400_000;

/**
 * Three announcements: on the first demo course a pinned welcome and a reminder scheduled for next week
 * (its publish job queued, as the app would), and an organisation-wide notice by the administrator. The
 * ones already out count as announced, so seeding sends no notifications. Returns the number written.
 */
export async function insertDemoAnnouncements(tx: Transaction, orgId: number, now: Date): Promise<number> {
  const [course] = await tx
    .select({ id: courses.id, ownerId: courses.createdBy })
    .from(courses)
    .where(eq(courses.orgId, orgId))
    .orderBy(asc(courses.id))
    .limit(1);
  const [admin] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.orgId, orgId), eq(users.orgRole, 'admin')))
    .orderBy(asc(users.id))
    .limit(1);
  const rows: (typeof announcements.$inferInsert)[] = [];
  if (course) {
    const welcomeAt = new Date(now.getTime() - 3 * DAY_MS);
    rows.push(
      {
        orgId,
        courseId: course.id,
        title: '欢迎来到本课程',
        content:
          '<p>同学们好！课程资料会按周发布在“课程内容”里，<strong>每周五晚上 22:00</strong> 前提交当周作业。</p><p>有问题请在讨论区提出，我们会尽快回复。</p>',
        publishAt: welcomeAt,
        pinned: true,
        notifiedAt: welcomeAt,
        createdBy: course.ownerId,
        createdAt: welcomeAt,
        updatedAt: welcomeAt,
      },
      {
        orgId,
        courseId: course.id,
        title: '期中考试安排',
        content: '<p>期中考试将在第九周的课堂上进行，范围为第一至第四章。请携带学生证。</p>',
        publishAt: new Date(now.getTime() + 7 * DAY_MS),
        pinned: false,
        notifiedAt: null,
        createdBy: course.ownerId,
      },
    );
  }
  if (admin) {
    const noticeAt = new Date(now.getTime() - DAY_MS);
    rows.push({
      orgId,
      courseId: null,
      title: '系统维护通知',
      content: '<p>本周六 02:00–04:00 平台将进行例行维护，期间可能无法登录，请提前保存作业草稿。</p>',
      publishAt: noticeAt,
      notifiedAt: noticeAt,
      createdBy: admin.id,
      createdAt: noticeAt,
      updatedAt: noticeAt,
    });
  }
  if (rows.length === 0) return 0;
  const inserted = await tx.insert(announcements).values(rows).returning();
  for (const row of inserted) {
    if (row.notifiedAt === null) {
      await enqueue(tx, ANNOUNCEMENT_PUBLISH_JOB, { announcement_id: row.id }, { runAt: row.publishAt });
    }
  }
  return inserted.length;
}
