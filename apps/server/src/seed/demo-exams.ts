import { resolveCompletion } from '@lectern/contracts/activities/completion-criteria';
import { ExamDataSchema } from '@lectern/contracts/exams/exam-settings';
import { SubjectInputSchema, type SubjectInput } from '@lectern/contracts/exams/subject.schemas';
import { asc, eq, max } from 'drizzle-orm';
import { activities } from '../db/schema/activities.ts';
import { courseModules, courses } from '../db/schema/courses.ts';
import { subjectLibs } from '../db/schema/exams.ts';
import { subjectsRepository } from '../modules/exams/subjects.repository.ts';
import type { Transaction } from '../platform/database.ts';

const DAY_MS = 86_400_000;

const options = (answer: number, ...contents: string[]) =>
  contents.map((content, i) => ({ content: `<p>${content}</p>`, is_answer: i === answer }));

/** One question of every type, 30 points in all. */
const EXAM_SUBJECTS: SubjectInput[] = [
  { type: 'paragraph_desc', description: '<p><strong>第一部分：基础概念</strong>（请独立完成）</p>' },
  {
    type: 'single_selection',
    description: '<p>栈的特点是？</p>',
    point: 3,
    difficulty_level: 3,
    options: options(1, '先进先出', '后进先出', '随机访问', '按优先级出队'),
    answer_explanation: '<p>栈只在一端进出，最后压入的元素最先弹出。</p>',
  },
  {
    type: 'multiple_selection',
    description: '<p>下列哪些是线性结构？</p>',
    point: 4,
    difficulty_level: 2,
    options: [
      { content: '<p>数组</p>', is_answer: true },
      { content: '<p>链表</p>', is_answer: true },
      { content: '<p>二叉树</p>', is_answer: false },
      { content: '<p>队列</p>', is_answer: true },
    ],
  },
  {
    type: 'true_or_false',
    description: '<p>二分查找要求序列有序。</p>',
    point: 2,
    options: options(0, '正确', '错误'),
  },
  {
    type: 'fill_in_blank',
    description: '<p>长度为 n 的有序数组上二分查找的时间复杂度是 ____。</p>',
    point: 3,
    blanks: [{ answers: ['O(log n)', 'O(logn)'] }],
  },
  {
    type: 'matching',
    description: '<p>将数据结构与其典型用途配对。</p>',
    point: 4,
    options: [
      { content: '<p>括号匹配</p>', is_answer: false },
      { content: '<p>广度优先搜索</p>', is_answer: false },
    ],
    pairs: [
      { content: '栈', option_sort: 0 },
      { content: '队列', option_sort: 1 },
    ],
  },
  {
    type: 'cloze',
    description: '<p>链表的每个结点包含 __1__ 和 __2__ 两部分。</p>',
    point: 4,
    sub_subjects: [
      {
        type: 'single_selection',
        description: '<p>(1)</p>',
        point: 2,
        options: options(0, '数据域', '索引域'),
      },
      {
        type: 'single_selection',
        description: '<p>(2)</p>',
        point: 2,
        options: options(1, '哈希域', '指针域'),
      },
    ],
  },
  {
    type: 'analysis',
    description: '<p>阅读代码：<code>int f(int n) { return n &lt;= 1 ? 1 : n * f(n - 1); }</code></p>',
    point: 4,
    sub_subjects: [
      {
        type: 'fill_in_blank',
        description: '<p>f(4) 的值是 ____。</p>',
        point: 2,
        blanks: [{ answers: ['24'] }],
      },
      {
        type: 'true_or_false',
        description: '<p>该函数是递归函数。</p>',
        point: 2,
        options: options(0, '正确', '错误'),
      },
    ],
  },
  {
    type: 'short_answer',
    description: '<p>简述快速排序的基本思想，并说明其平均时间复杂度。</p>',
    point: 6,
    difficulty_level: 1,
    answer: '<p>选取基准，将序列划分为小于和大于基准的两部分，再分别递归排序；平均 O(n log n)。</p>',
  },
];

const LIBRARY_SUBJECTS: SubjectInput[] = [
  {
    type: 'single_selection',
    description: '<p>队列的特点是？</p>',
    point: 2,
    options: options(0, '先进先出', '后进先出'),
  },
  {
    type: 'true_or_false',
    description: '<p>完全二叉树一定是满二叉树。</p>',
    point: 2,
    options: options(1, '正确', '错误'),
  },
  {
    type: 'short_answer',
    description: '<p>比较数组与链表在插入和随机访问上的差异。</p>',
    point: 5,
    answer: '<p>数组随机访问 O(1)、插入 O(n)；链表插入 O(1)（已知位置）、随机访问 O(n)。</p>',
  },
];

/**
 * A published exam in the first demo course, open from now for a week, with one question of every type,
 * and a course question library with a few questions. Returns the number of questions written.
 */
export async function insertDemoExams(tx: Transaction, orgId: number, now: Date): Promise<number> {
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
    .where(eq(activities.moduleId, module.id));
  const completion = resolveCompletion('exam', { h5CoursewareCompleteness: false }, {});
  if (!completion.ok) throw new Error('demo seed: no default completion criterion for exam');
  const startTime = new Date(now.getTime());
  startTime.setUTCMinutes(0, 0, 0);
  const [exam] = await tx
    .insert(activities)
    .values({
      courseId: course.id,
      moduleId: module.id,
      type: 'exam',
      title: '第一章 单元测验',
      data: ExamDataSchema.parse({
        description: '<p>本测验覆盖第一章内容，共 30 分，限提交一次。</p>',
        total_points: 30,
        announce_answer_type: 'after_submit',
        announce_score_type: 'after_submit',
      }),
      startTime,
      endTime: new Date(startTime.getTime() + 7 * DAY_MS),
      published: true,
      completionCriterionKey: completion.key,
      completionCriterionValue: completion.value,
      sort: (last?.sort ?? 0) + 1,
      createdBy: course.ownerId,
    })
    .returning({ id: activities.id });
  if (!exam) throw new Error('demo seed: exam not inserted');
  const examSubjects = EXAM_SUBJECTS.map((s) => SubjectInputSchema.parse(s));
  await subjectsRepository.insertTrees(
    { activityId: exam.id, isMakeup: false },
    examSubjects,
    course.ownerId,
    0,
    tx,
  );

  const [lib] = await tx
    .insert(subjectLibs)
    .values({
      orgId,
      courseId: course.id,
      ownerId: course.ownerId,
      libType: 'exam',
      title: '数据结构基础题库',
      sort: 1,
    })
    .returning({ id: subjectLibs.id });
  if (!lib) throw new Error('demo seed: library not inserted');
  const libSubjects = LIBRARY_SUBJECTS.map((s) => SubjectInputSchema.parse(s));
  await subjectsRepository.insertTrees({ libId: lib.id }, libSubjects, course.ownerId, 0, tx);
  return examSubjects.length + libSubjects.length;
}
