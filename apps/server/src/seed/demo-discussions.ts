import { and, asc, eq, sql } from 'drizzle-orm';
import { activities } from '../db/schema/activities.ts';
import { courseMembers, courses } from '../db/schema/courses.ts';
import { discussionsRepository } from '../modules/discussions/discussions.repository.ts';
import type { Database, Transaction } from '../platform/database.ts';

/**
 * A small, lived-in discussion on the first published forum of every demo course: two topics (one
 * anonymous), a comment, an instructor's answer and a student's follow-up to it, and a few likes.
 * Returns the number of comments written.
 */
export async function insertDemoDiscussions(tx: Transaction, orgId: number): Promise<number> {
  // Transactions share the database's query builder; the repository only ever uses the executor given.
  const repo = discussionsRepository(tx as unknown as Database);
  const forums = await tx
    .selectDistinctOn([activities.courseId], {
      id: activities.id,
      courseId: activities.courseId,
      ownerId: courses.createdBy,
    })
    .from(activities)
    .innerJoin(courses, eq(courses.id, activities.courseId))
    .where(and(eq(courses.orgId, orgId), eq(activities.type, 'forum'), eq(activities.published, true)))
    .orderBy(asc(activities.courseId), asc(activities.id));
  let written = 0;
  for (const forum of forums) {
    const students = await tx
      .select({ userId: courseMembers.userId })
      .from(courseMembers)
      .where(and(eq(courseMembers.courseId, forum.courseId), sql`'student' = any(${courseMembers.roles})`))
      .orderBy(asc(courseMembers.userId))
      .limit(3);
    const [first, second, third] = students.map((s) => s.userId);
    if (first === undefined || second === undefined || third === undefined) continue;
    const base = { activityId: forum.id, courseId: forum.courseId };
    const topic = await repo.insert(
      {
        ...base,
        title: '期末复习该从哪里入手？',
        content: '<p>大家都是怎么安排复习的？我打算先把每章的例题重做一遍，欢迎补充。</p>',
        courseRole: 'student',
        createdBy: first,
      },
      tx,
    );
    await repo.insert(
      {
        ...base,
        title: '作业截止时间能否延后一天？',
        content: '<p>这周实验课和作业撞在一起了，想问问能不能延后一天提交。</p>',
        anonymous: true,
        courseRole: 'student',
        createdBy: second,
      },
      tx,
    );
    await repo.insert(
      {
        ...base,
        content: '<p>课件第三页的例子很清楚，<strong>谢谢老师</strong>！</p>',
        courseRole: 'student',
        createdBy: third,
      },
      tx,
    );
    const answer = await repo.insertReply(
      {
        commentId: topic.id,
        content: '<p>建议先看每章小结，再做课后习题；答疑时间照常。</p>',
        courseRole: 'instructor',
        createdBy: forum.ownerId,
      },
      tx,
    );
    await repo.insertReply(
      {
        commentId: topic.id,
        parentId: answer.id,
        content: '<p>收到，谢谢老师！</p>',
        courseRole: 'student',
        createdBy: third,
      },
      tx,
    );
    await repo.like('comment', [topic.id], second, tx);
    await repo.like('comment', [topic.id], third, tx);
    await repo.like('comment_reply', [answer.id], first, tx);
    written += 3;
  }
  return written;
}
