import type { z } from 'zod';
import {
  QUESTIONNAIRE_SUBJECT_TYPES,
  QuestionnaireDataSchema,
  type QuestionnaireData,
} from '@lectern/contracts/questionnaires/questionnaire-settings';
import type { SortSubjectsRequestSchema } from '@lectern/contracts/exams/exam.schemas';
import type {
  QuestionnaireDistributeResponse,
  QuestionnaireListResponse,
  QuestionnaireResults,
  QuestionnaireSubjectsResponse,
  SubmitQuestionnaireRequestSchema,
  SubmitQuestionnaireResponse,
} from '@lectern/contracts/questionnaires/questionnaires.schemas';
import type { AppContext } from '../../platform/app-context.ts';
import type { Executor } from '../../platform/database.ts';
import { conflict, forbidden, invalid, notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { translate } from '../../platform/messages.ts';
import type { PushBus } from '../../platform/push/push-bus.ts';
import { canSeeActivity } from '../activities/activities.policy.ts';
import { activitiesRepository, type ActivityRow } from '../activities/activities.repository.ts';
import { courseAccess } from '../courses/course-access.ts';
import { assertCan, type CourseAccess } from '../courses/courses.policy.ts';
import { syncSubjectImages } from '../exams/subject-images.ts';
import { treeToInput } from '../exams/subject-input.ts';
import { toPaperSubject } from '../exams/subjects.presenter.ts';
import { subjectsRepository, type SubjectTree } from '../exams/subjects.repository.ts';
import { checkAnswers } from './questionnaire-answers.ts';
import { assertCanRespond, canRespond, seesResults } from './questionnaires.policy.ts';
import { presentMySubmission, presentResults, questionnaireStatus } from './questionnaires.presenter.ts';
import { questionnairesRepository } from './questionnaires.repository.ts';

type SubmitInput = z.output<typeof SubmitQuestionnaireRequestSchema>;
type SortInput = z.output<typeof SortSubjectsRequestSchema>;
type Loaded = { activity: ActivityRow; data: QuestionnaireData; access: CourseAccess };

/** A questionnaire's questions are `subjects` rows owned by its activity, like an exam's paper. */
const paperOf = (activityId: number) => ({ activityId, isMakeup: false });
const fitsQuestionnaire = (tree: SubjectTree) =>
  (QUESTIONNAIRE_SUBJECT_TYPES as readonly string[]).includes(tree.type) && tree.subSubjects.length === 0;

/** `push` is absent where no event is ever published (the library copy's use of the service). */
export function questionnairesService(ctx: AppContext, push: PushBus | null = null) {
  const activities = activitiesRepository(ctx.db);
  const courses = courseAccess(ctx.db);
  const repo = questionnairesRepository(ctx.db);

  /** A questionnaire the caller may see; another type, a draft for a student, or nothing is not there. */
  async function load(actor: Actor, id: number): Promise<Loaded> {
    const activity = await activities.findById(id);
    if (!activity || activity.type !== 'questionnaire') throw notFound('questionnaires.notFound');
    const access = await courses.load(actor, activity.courseId);
    if (!canSeeActivity(access, activity)) throw notFound('questionnaires.notFound');
    return { activity, data: QuestionnaireDataSchema.parse(activity.data), access };
  }

  const questions = (activityId: number, tx: Executor = ctx.db) =>
    subjectsRepository.loadTrees(paperOf(activityId), {}, tx);

  async function loadManaged(actor: Actor, id: number): Promise<Loaded> {
    const loaded = await load(actor, id);
    assertCan(loaded.access, 'activity.manage');
    return loaded;
  }

  /**
   * Removing or reordering questions is the author's until the first answer: after it, the results would
   * count answers to questions that are gone or numbered differently. Runs under the copy's lock.
   */
  async function assertQuestionsOpen(activityId: number, tx: Executor): Promise<void> {
    await repo.lock(activityId, tx);
    if (await repo.hasSubmissions(activityId, tx)) throw conflict('questionnaires.questionsLocked');
  }

  return {
    /** `GET /api/courses/{id}/questionnaire-list`. */
    async list(actor: Actor, courseId: number): Promise<QuestionnaireListResponse> {
      const access = await courses.load(actor, courseId);
      assertCan(access, 'course.read');
      const visible = (await repo.listForCourse(courseId)).filter((a) => canSeeActivity(access, a));
      const ids = visible.map((a) => a.id);
      const team = seesResults(access);
      const [subjectCounts, submissionCounts, mine] = await Promise.all([
        repo.subjectCounts(ids),
        team ? repo.submissionCounts(ids) : undefined,
        team ? undefined : repo.submittedIds(ids, actor.userId),
      ]);
      const now = new Date();
      return {
        questionnaires: visible.map((activity) => ({
          id: activity.id,
          course_id: activity.courseId,
          title: activity.title,
          start_time: activity.startTime?.toISOString() ?? null,
          end_time: activity.endTime?.toISOString() ?? null,
          published: activity.published,
          status: questionnaireStatus(activity, now),
          is_anonymous: QuestionnaireDataSchema.parse(activity.data).is_anonymous,
          subjects_count: subjectCounts.get(activity.id) ?? 0,
          submitted: mine?.has(activity.id) ?? false,
          submission_count: submissionCounts ? (submissionCounts.get(activity.id) ?? 0) : null,
        })),
      };
    },

    /** `GET /api/questionnaire/{id}/distribute`: the questions and the caller's own answers. */
    async distribute(actor: Actor, id: number): Promise<QuestionnaireDistributeResponse> {
      const { activity, data, access } = await load(actor, id);
      const [trees, mine] = await Promise.all([questions(activity.id), repo.find(activity.id, actor.userId)]);
      const status = questionnaireStatus(activity, new Date());
      return {
        id: activity.id,
        course_id: activity.courseId,
        title: activity.title,
        description: data.description ?? '',
        is_anonymous: data.is_anonymous,
        status,
        start_time: activity.startTime?.toISOString() ?? null,
        end_time: activity.endTime?.toISOString() ?? null,
        can_submit: status === 'in_progress' && canRespond(access),
        can_see_results: seesResults(access),
        submission_count: seesResults(access)
          ? ((await repo.submissionCounts([activity.id])).get(activity.id) ?? 0)
          : null,
        subjects: trees.map((tree) => toPaperSubject(tree, () => undefined)),
        submission: mine ? presentMySubmission(mine) : null,
      };
    },

    /**
     * `POST /api/questionnaire/{id}/submissions`: one submission per student, which the student may
     * replace while the questionnaire is open (the spec says nothing of re-submission; a survey answer
     * corrected before the close is still one answer).
     */
    async submit(actor: Actor, id: number, input: SubmitInput): Promise<SubmitQuestionnaireResponse> {
      const { activity, access } = await load(actor, id);
      assertCanRespond(access);
      if (questionnaireStatus(activity, new Date()) !== 'in_progress')
        throw conflict('questionnaires.notOpen');
      const checked = checkAnswers(await questions(activity.id), input.subjects);
      if (!checked.ok) throw invalid(checked.fields);
      const row = await ctx.db.transaction(async (tx) => {
        // Taken with the copy's lock, so questions cannot be added under a first answer.
        await repo.lock(activity.id, tx);
        return repo.upsert(activity.id, actor.userId, checked.answers, tx);
      });
      // A hint for the teaching team's live results; it names the questionnaire, never the respondent.
      push
        ?.publish({
          courseId: activity.courseId,
          type: 'questionnaire.submitted',
          data: { activity_id: activity.id },
        })
        .catch((error: unknown) => {
          ctx.log.warn({ err: error, activityId: activity.id }, 'push publish failed');
        });
      return presentMySubmission(row);
    },

    /** `GET /api/questionnaire/{id}/results`: the teaching team only. */
    async results(actor: Actor, id: number): Promise<QuestionnaireResults> {
      const { activity, data, access } = await load(actor, id);
      if (!seesResults(access)) throw forbidden();
      const [trees, submissions, studentsCount] = await Promise.all([
        questions(activity.id),
        repo.all(activity.id),
        repo.studentCount(activity.courseId),
      ]);
      return presentResults(activity, data.is_anonymous, trees, submissions, studentsCount, new Date());
    },

    /**
     * `DELETE /api/questionnaire/{id}/subjects/{subjectId}`: deleted outright, not binned — it is a copy, and
     * its library keeps the original.
     */
    async removeSubject(actor: Actor, id: number, subjectId: number): Promise<{ message: string }> {
      const { activity } = await loadManaged(actor, id);
      await ctx.db.transaction(async (tx) => {
        await assertQuestionsOpen(activity.id, tx);
        const row = await subjectsRepository.findById(subjectId, tx);
        if (!row || row.activityId !== activity.id || row.parentId !== null)
          throw notFound('questionnaires.subjectNotFound');
        await subjectsRepository.deleteByIds([row.id], tx);
      });
      return { message: translate(actor.locale, 'questionnaires.subjectRemoved') };
    },

    /** `PUT /api/questionnaire/{id}/subjects/sort`: the ids must be exactly its questions, each once. */
    async sortSubjects(actor: Actor, id: number, body: SortInput): Promise<QuestionnaireSubjectsResponse> {
      const { activity } = await loadManaged(actor, id);
      const trees = await ctx.db.transaction(async (tx) => {
        await assertQuestionsOpen(activity.id, tx);
        const current = (await questions(activity.id, tx)).map((tree) => tree.id);
        const wanted = new Set(body.subject_ids);
        if (
          wanted.size !== body.subject_ids.length ||
          wanted.size !== current.length ||
          current.some((subjectId) => !wanted.has(subjectId))
        ) {
          throw invalid({ subject_ids: ['exams.sortMismatch'] });
        }
        await subjectsRepository.setSorts(
          body.subject_ids.map((subjectId, index) => ({ id: subjectId, sort: index + 1 })),
          tx,
        );
        return questions(activity.id, tx);
      });
      return { subjects: trees.map((tree) => toPaperSubject(tree, () => undefined)) };
    },

    /**
     * Appends library questions to a questionnaire (`POST /api/subject-libs/{libId}/copy?questionnaireId=`),
     * without points: a questionnaire scores nothing. Refused once someone has answered, since the results
     * would then count answers to different question sets.
     */
    async appendFromLibrary(actor: Actor, id: number, trees: readonly SubjectTree[]): Promise<SubjectTree[]> {
      const activity = await activities.findById(id);
      if (!activity || activity.type !== 'questionnaire') throw notFound('questionnaires.notFound');
      assertCan(await courses.load(actor, activity.courseId), 'activity.manage');
      if (!trees.every(fitsQuestionnaire)) {
        throw invalid({ subject_ids: ['questionnaires.subjectTypeUnsupported'] });
      }
      return ctx.db.transaction(async (tx) => {
        await repo.lock(activity.id, tx);
        if (await repo.hasSubmissions(activity.id, tx)) throw conflict('questionnaires.hasSubmissions');
        const paper = paperOf(activity.id);
        const start = await subjectsRepository.maxSort(paper, tx);
        const inputs = trees.map((tree) => ({ ...treeToInput(tree), point: 0 }));
        const ids = await subjectsRepository.insertTrees(paper, inputs, actor.userId, start, tx);
        await syncSubjectImages(actor, ids, tx);
        return subjectsRepository.loadByIds(ids, tx);
      });
    },
  };
}
