import { SubjectInputSchema } from '@lectern/contracts/exams/subject.schemas';
import { and, asc, eq } from 'drizzle-orm';
import { activities } from '../db/schema/activities.ts';
import { courses } from '../db/schema/courses.ts';
import { coursewareQuizzes } from '../db/schema/courseware-quizzes.ts';
import { subjectsRepository } from '../modules/exams/subjects.repository.ts';
import type { Transaction } from '../platform/database.ts';

const QUIZ_SUBJECTS = [
  {
    type: 'single_selection',
    description: '<p>单层循环 <code>for (i = 0; i &lt; n; i++)</code> 的时间复杂度是？</p>',
    point: 1,
    answer_explanation: '<p>循环体执行 n 次，每次常数时间。</p>',
    options: [
      { content: 'O(n)', is_answer: true },
      { content: 'O(1)', is_answer: false },
      { content: 'O(n²)', is_answer: false },
    ],
  },
  {
    type: 'true_or_false',
    description: '<p>大 O 记号描述的是算法运行时间增长的上界。</p>',
    point: 1,
    options: [
      { content: '正确', is_answer: true },
      { content: '错误', is_answer: false },
    ],
  },
] as const;

/**
 * One quiz one minute into the first course's first online video, so the quiz tab and its statistics have
 * something to show. Returns how many questions it holds.
 */
export async function insertDemoVideoQuizzes(tx: Transaction, orgId: number): Promise<number> {
  const [video] = await tx
    .select({ id: activities.id, createdBy: activities.createdBy })
    .from(activities)
    .innerJoin(courses, eq(courses.id, activities.courseId))
    .where(and(eq(courses.orgId, orgId), eq(activities.type, 'online_video')))
    .orderBy(asc(courses.id), asc(activities.id))
    .limit(1);
  if (!video || video.createdBy === null) return 0;
  const [quiz] = await tx
    .insert(coursewareQuizzes)
    .values({
      activityId: video.id,
      title: '小测：估算循环的时间复杂度',
      position: 60,
      sort: 1,
      createdBy: video.createdBy,
    })
    .returning({ id: coursewareQuizzes.id });
  if (!quiz) throw new Error('demo seed: video quiz not inserted');
  const inputs = QUIZ_SUBJECTS.map((s) => SubjectInputSchema.parse(s));
  await subjectsRepository.insertTrees({ videoQuizId: quiz.id }, inputs, video.createdBy, 0, tx);
  return inputs.length;
}
