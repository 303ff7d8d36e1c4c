import type { z } from 'zod';
import {
  QUESTIONNAIRE_SUBJECT_TYPES,
  QuestionnaireDataSchema,
  type QuestionnaireData,
} from '@lectern/contracts/questionnaires/questionnaire-settings';
import type {
  QuestionnaireDistributeResponse,
  QuestionnaireListResponse,
  QuestionnaireResults,
  SubmitQuestionnaireRequestSchema,
  SubmitQuestionnaireResponse,
} from '@lectern/contracts/questionnaires/questionnaires.schemas';
import type { AppContext } from '../../platform/app-context.ts';
import { conflict, forbidden, invalid, notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
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
type Loaded = { activity: ActivityRow; data: QuestionnaireData; access: CourseAccess };

/** A questionnaire's questions are `subjects` rows owned by its activity, like an exam's paper. */
const paperOf = (activityId: number) => ({ activityId, isMakeup: false });
const fitsQuestionnaire = (tree: SubjectTree) =>
  (QUESTIONNAIRE_SUBJECT_TYPES as readonly string[]).includes(tree.type) && tree.subSubjects.length === 0;

export function questionnairesService(ctx: AppContext) {
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

  const questions = (activityId: number) => subjectsRepository.loadTrees(paperOf(activityId), {}, ctx.db);

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
