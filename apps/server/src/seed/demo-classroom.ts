import { resolveCompletion } from '@lectern/contracts/activities/completion-criteria';
import { askQuestionTitle } from '@lectern/contracts/ask-questions/ask-questions.schemas';
import {
  AnswerOptionalSubjectInputSchema,
  type SubjectInput,
} from '@lectern/contracts/exams/subject.schemas';
import type { QuestionnaireAnswer } from '@lectern/contracts/questionnaires/questionnaires.schemas';
import { and, arrayContains, asc, eq, max } from 'drizzle-orm';
import { activities } from '../db/schema/activities.ts';
import { askQuestionPicks, askQuestions } from '../db/schema/ask-questions.ts';
import { courseMembers, courseModules, courses } from '../db/schema/courses.ts';
import { subjectLibs } from '../db/schema/exams.ts';
import { questionnaireSubmissions } from '../db/schema/questionnaires.ts';
import { subjectsRepository } from '../modules/exams/subjects.repository.ts';
import { scheduleVoteClose } from '../modules/votes/vote-close.job.ts';
import type { Transaction } from '../platform/database.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export const DEMO_QUESTIONNAIRE_TITLE = '课程中期反馈问卷';

const option = (content: string) => ({ content, is_answer: false });

/** A questionnaire has no right answer: no option is marked (spec 000 section 7). */
const QUESTIONNAIRE_SUBJECTS: SubjectInput[] = [
  {
    type: 'single_selection',
    description: '<p>你觉得目前的授课节奏如何？</p>',
    options: [option('偏慢'), option('合适'), option('偏快')],
  },
  {
    type: 'multiple_selection',
    description: '<p>哪些环节对你帮助最大？（可多选）</p>',
    options: [option('课堂演示'), option('上机实验'), option('课后作业'), option('讨论区答疑')],
  },
  { type: 'short_answer', description: '<p>对后半学期的教学有什么建议？</p>' },
];

/**
 * The first answers, one row per student in roster order: the pace option, the helpful options and a
 * written suggestion (every question must be answered). Fixed, so every seeded database agrees.
 */
const RESPONSES: readonly { pace: number; helpful: readonly number[]; text: string }[] = [
  { pace: 1, helpful: [0, 1], text: '希望多讲一些链表的边界情况。' },
  { pace: 2, helpful: [1], text: '实验课时间可以再长一点。' },
  { pace: 1, helpful: [0, 2, 3], text: '作业难度合适。' },
  { pace: 0, helpful: [3], text: '讨论区回复很及时，谢谢助教。' },
  { pace: 1, helpful: [1, 2], text: '希望课后公布演示代码。' },
];

/** Roster positions of the two students the finished ask-question drew. */
const DRAWN = [3, 11] as const;

/**
 * Live-classroom history on the first demo course (CS201): a finished ask-question with its draw, and an
 * open named questionnaire, copied from the instructor's questionnaire library, with a few answers. Also
 * queues the end-of-vote job for the course's votes, as the activity form does. Returns the rows written.
 */
export async function insertDemoClassroom(tx: Transaction, orgId: number, now: Date): Promise<number> {
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
  const students = (
    await tx
      .select({ id: courseMembers.userId })
      .from(courseMembers)
      .where(and(eq(courseMembers.courseId, course.id), arrayContains(courseMembers.roles, ['student'])))
      .orderBy(asc(courseMembers.userId))
  ).map((s) => s.id);

  const votes = await tx
    .select({ id: activities.id, endTime: activities.endTime })
    .from(activities)
    .where(and(eq(activities.courseId, course.id), eq(activities.type, 'vote')));
  for (const vote of votes) await scheduleVoteClose(tx, vote.id, vote.endTime);

  let written = votes.length;
  written += await insertFinishedAskQuestion(tx, { ...course, moduleId: module.id }, students, now);
  written += await insertQuestionnaire(tx, orgId, { ...course, moduleId: module.id }, students, now);
  return written;
}

type DemoCourseRef = { id: number; ownerId: number; moduleId: number };

async function insertFinishedAskQuestion(
  tx: Transaction,
  course: DemoCourseRef,
  students: readonly number[],
  now: Date,
): Promise<number> {
  const picked = DRAWN.map((i) => students[i]).filter((id): id is number => id !== undefined);
  if (picked.length === 0) return 0;
  // Asked in last week's lecture; the title is the moment it was asked, in the course's time zone (+08:00).
  const askedAt = new Date(now.getTime() - 7 * DAY_MS);
  askedAt.setUTCMinutes(0, 0, 0);
  const local = new Date(askedAt.getTime() + 8 * HOUR_MS);
  const title = askQuestionTitle(
    new Date(
      local.getUTCFullYear(),
      local.getUTCMonth(),
      local.getUTCDate(),
      local.getUTCHours(),
      local.getUTCMinutes(),
    ),
  );
  const [row] = await tx
    .insert(askQuestions)
    .values({
      courseId: course.id,
      moduleId: course.moduleId,
      type: 'select_student',
      title,
      question: '请说明在单链表中插入一个结点的步骤。',
      selectNum: picked.length,
      endTime: new Date(askedAt.getTime() + 10 * 60_000),
      createdBy: course.ownerId,
      createdAt: askedAt,
      updatedAt: askedAt,
    })
    .returning({ id: askQuestions.id });
  if (!row) throw new Error('demo seed: ask-question not inserted');
  await tx.insert(askQuestionPicks).values({
    askQuestionId: row.id,
    courseId: course.id,
    round: 1,
    userIds: picked,
    groupIds: [],
    pickedBy: course.ownerId,
    pickedAt: new Date(askedAt.getTime() + 60_000),
  });
  return 2;
}

async function insertQuestionnaire(
  tx: Transaction,
  orgId: number,
  course: DemoCourseRef,
  students: readonly number[],
  now: Date,
): Promise<number> {
  const inputs = QUESTIONNAIRE_SUBJECTS.map((s) => ({
    ...AnswerOptionalSubjectInputSchema.parse(s),
    point: 0,
  }));
  // The instructor's own questionnaire library, which the questionnaire was copied from.
  const [lib] = await tx
    .insert(subjectLibs)
    .values({ orgId, ownerId: course.ownerId, libType: 'questionnaire', title: '课程反馈问卷题库', sort: 1 })
    .returning({ id: subjectLibs.id });
  if (!lib) throw new Error('demo seed: questionnaire library not inserted');
  await subjectsRepository.insertTrees({ libId: lib.id }, inputs, course.ownerId, 0, tx);

  const [last] = await tx
    .select({ sort: max(activities.sort) })
    .from(activities)
    .where(eq(activities.moduleId, course.moduleId));
  const completion = resolveCompletion('questionnaire', { h5CoursewareCompleteness: false }, {});
  if (!completion.ok) throw new Error('demo seed: no default completion criterion for questionnaire');
  const startTime = new Date(now.getTime() - 5 * DAY_MS);
  startTime.setUTCMinutes(0, 0, 0);
  const [activity] = await tx
    .insert(activities)
    .values({
      courseId: course.id,
      moduleId: course.moduleId,
      type: 'questionnaire',
      title: DEMO_QUESTIONNAIRE_TITLE,
      data: { is_anonymous: false, description: '<p>请花两分钟告诉我们前半学期的学习感受。</p>' },
      startTime,
      endTime: new Date(startTime.getTime() + 14 * DAY_MS),
      published: true,
      completionCriterionKey: completion.key,
      completionCriterionValue: completion.value,
      sort: (last?.sort ?? 0) + 1,
      createdBy: course.ownerId,
    })
    .returning({ id: activities.id });
  if (!activity) throw new Error('demo seed: questionnaire not inserted');
  const ids = await subjectsRepository.insertTrees(
    { activityId: activity.id, isMakeup: false },
    inputs,
    course.ownerId,
    0,
    tx,
  );
  const [pace, helpful, suggestion] = await subjectsRepository.loadByIds(ids, tx);
  if (!pace || !helpful || !suggestion) throw new Error('demo seed: questionnaire questions not inserted');

  const rows = RESPONSES.flatMap((response, i) => {
    const userId = students[i];
    if (userId === undefined) return [];
    const optionIds = (indexes: readonly number[], of: typeof pace) =>
      indexes.map((k) => of.options[k]?.id).filter((id): id is number => id !== undefined);
    const answers: QuestionnaireAnswer[] = [
      { subject_id: pace.id, answer_option_ids: optionIds([response.pace], pace), answer: null, answers: [] },
      {
        subject_id: helpful.id,
        answer_option_ids: optionIds(response.helpful, helpful),
        answer: null,
        answers: [],
      },
      { subject_id: suggestion.id, answer_option_ids: [], answer: response.text, answers: [] },
    ];
    const at = new Date(startTime.getTime() + (i + 1) * HOUR_MS);
    return [{ activityId: activity.id, userId, answers, submittedAt: at, updatedAt: at }];
  });
  if (rows.length > 0) await tx.insert(questionnaireSubmissions).values(rows);
  return 2 + rows.length;
}
