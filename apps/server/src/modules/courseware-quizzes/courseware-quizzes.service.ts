import type { z } from 'zod';
import type {
  CoursewareQuiz,
  CoursewareQuizDeleted,
  CoursewareQuizStatistics,
  CoursewareQuizSubjectsResponse,
  CoursewareQuizSubmission,
  CoursewareQuizzesResponse,
  MyCoursewareQuizSubmissionResponse,
  PublishCoursewareQuizRequest,
  SaveCoursewareQuizRequestSchema,
  SubmitCoursewareQuizRequestSchema,
} from '@lectern/contracts/courseware-quizzes/courseware-quizzes.schemas';
import { QUIZ_LIMITS, QUIZ_SUBJECT_TYPES } from '@lectern/contracts/courseware-quizzes/quiz-rules';
import { gradePaper } from '@lectern/contracts/exams/grading';
import type { AppContext } from '../../platform/app-context.ts';
import { conflict, forbidden, invalid, notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { canSeeActivity } from '../activities/activities.policy.ts';
import { activitiesRepository, type ActivityRow } from '../activities/activities.repository.ts';
import { courseAccess } from '../courses/course-access.ts';
import { assertCan, type CourseAccess } from '../courses/courses.policy.ts';
import { syncSubjectImages } from '../exams/subject-images.ts';
import { treeToInput } from '../exams/subject-input.ts';
import { toPaperSubject, toSubject } from '../exams/subjects.presenter.ts';
import { subjectsRepository, type SubjectTree } from '../exams/subjects.repository.ts';
import { assertCanAnswer, canAnswer, managesQuizzes } from './courseware-quizzes.policy.ts';
import { presentQuiz, presentStatistics, presentSubmission } from './courseware-quizzes.presenter.ts';
import { coursewareQuizzesRepository, type QuizRow } from './courseware-quizzes.repository.ts';
import { checkQuizAnswers } from './quiz-answers.ts';

type SaveInput = z.output<typeof SaveCoursewareQuizRequestSchema>;
type SubmitInput = z.output<typeof SubmitCoursewareQuizRequestSchema>;
type LoadedQuiz = { quiz: QuizRow; activity: ActivityRow; access: CourseAccess };

const ownerOf = (quizId: number) => ({ videoQuizId: quizId });
const fitsQuiz = (tree: SubjectTree) =>
  (QUIZ_SUBJECT_TYPES as readonly string[]).includes(tree.type) && tree.subSubjects.length === 0;

export function coursewareQuizzesService(ctx: AppContext) {
  const activities = activitiesRepository(ctx.db);
  const courses = courseAccess(ctx.db);
  const repo = coursewareQuizzesRepository(ctx.db);

  /** An online video the caller may see; another type, a draft for a student or a deleted one is not there. */
  async function loadVideo(actor: Actor, id: number) {
    const activity = await activities.findById(id);
    if (!activity || activity.type !== 'online_video') throw notFound('coursewareQuizzes.videoNotFound');
    const access = await courses.load(actor, activity.courseId);
    if (!canSeeActivity(access, activity)) throw notFound('coursewareQuizzes.videoNotFound');
    return { activity, access };
  }

  /**
   * A quiz of a video the caller may see (its activity in the recycle bin takes the quiz with it). An
   * unpublished quiz is not there for anyone but the teaching team: no questions, no submission, no answer.
   */
  async function loadQuiz(actor: Actor, id: number): Promise<LoadedQuiz> {
    const quiz = await repo.findById(id);
    if (!quiz) throw notFound('coursewareQuizzes.notFound');
    const activity = await activities.findById(quiz.activityId);
    if (!activity) throw notFound('coursewareQuizzes.notFound');
    const access = await courses.load(actor, activity.courseId);
    if (!canSeeActivity(access, activity)) throw notFound('coursewareQuizzes.notFound');
    if (!quiz.published && !managesQuizzes(access)) throw notFound('coursewareQuizzes.notFound');
    return { quiz, activity, access };
  }

  const questions = (quizId: number, tx = ctx.db) => subjectsRepository.loadTrees(ownerOf(quizId), {}, tx);

  async function present(quiz: QuizRow, team: boolean, userId: number): Promise<CoursewareQuiz> {
    const [subjects, submissions, mine] = await Promise.all([
      repo.subjectCounts([quiz.id]),
      team ? repo.submissionCounts([quiz.id]) : undefined,
      team ? undefined : repo.submittedIds([quiz.id], userId),
    ]);
    return presentQuiz(quiz, {
      subjects: subjects.get(quiz.id) ?? 0,
      submissions: submissions ? (submissions.get(quiz.id) ?? 0) : null,
      submitted: mine?.has(quiz.id) ?? false,
    });
  }

  return {
    /** `GET /api/courseware-quiz/activity/{id}/quizzes`. */
    async list(actor: Actor, activityId: number): Promise<CoursewareQuizzesResponse> {
      const { activity, access } = await loadVideo(actor, activityId);
      const team = managesQuizzes(access);
      const rows = await repo.listForActivity(activity.id, !team);
      const ids = rows.map((r) => r.id);
      const [subjects, submissions, mine] = await Promise.all([
        repo.subjectCounts(ids),
        team ? repo.submissionCounts(ids) : undefined,
        team ? undefined : repo.submittedIds(ids, actor.userId),
      ]);
      return {
        quizzes: rows.map((row) =>
          presentQuiz(row, {
            subjects: subjects.get(row.id) ?? 0,
            submissions: submissions ? (submissions.get(row.id) ?? 0) : null,
            submitted: mine?.has(row.id) ?? false,
          }),
        ),
        can_submit: canAnswer(access),
        can_manage: team,
      };
    },

    /**
     * `POST /api/courseware-quiz/activity/{id}/quizzes`: a new quiz at a moment of the video, unpublished
     * unless asked otherwise, so students do not meet it before its questions are in.
     */
    async create(actor: Actor, activityId: number, input: SaveInput): Promise<CoursewareQuiz> {
      const { activity, access } = await loadVideo(actor, activityId);
      assertCan(access, 'activity.manage');
      const row = await ctx.db.transaction(async (tx) => {
        await repo.lockVideo(activity.id, tx);
        const existing = await repo.countForActivity(activity.id, tx);
        if (existing >= QUIZ_LIMITS.quizzesPerVideo) throw conflict('coursewareQuizzes.tooManyQuizzes');
        return repo.insert(
          {
            activityId: activity.id,
            title: input.title,
            position: input.position,
            published: input.published ?? false,
            sort: existing + 1,
            createdBy: actor.userId,
          },
          tx,
        );
      });
      return present(row, true, actor.userId);
    },

    /** `PUT /api/courseware-quiz/quiz/{id}`: moves or renames it; answers already given stay. */
    async update(actor: Actor, id: number, input: SaveInput): Promise<CoursewareQuiz> {
      const { quiz, access } = await loadQuiz(actor, id);
      assertCan(access, 'activity.manage');
      const row = await repo.update(quiz.id, input);
      if (!row) throw notFound('coursewareQuizzes.notFound');
      return present(row, true, actor.userId);
    },

    /**
     * `PUT /api/courseware-quiz/quiz/{id}/publish`. Unpublishing an answered quiz hides it from students
     * and keeps their answers and the statistics.
     */
    async publish(actor: Actor, id: number, input: PublishCoursewareQuizRequest): Promise<CoursewareQuiz> {
      const { quiz, access } = await loadQuiz(actor, id);
      assertCan(access, 'activity.manage');
      const row = await repo.update(quiz.id, { published: input.published });
      if (!row) throw notFound('coursewareQuizzes.notFound');
      return present(row, true, actor.userId);
    },

    /**
     * `DELETE /api/courseware-quiz/quiz/{id}`: only while nobody has answered it. Answered quizzes stay,
     * like answered exam questions (decision 0015); deleting the video puts them in the recycle bin with it.
     */
    async remove(actor: Actor, id: number): Promise<CoursewareQuizDeleted> {
      const { quiz, access } = await loadQuiz(actor, id);
      assertCan(access, 'activity.manage');
      await ctx.db.transaction(async (tx) => {
        await repo.lock(quiz.id, tx);
        if (await repo.hasSubmissions(quiz.id, tx)) throw conflict('coursewareQuizzes.hasSubmissions');
        await repo.delete(quiz.id, tx);
      });
      return { id: quiz.id };
    },

    /** `GET /api/courseware-quiz/quiz/{id}/subjects`: the questions without their answers. */
    async subjects(actor: Actor, id: number): Promise<CoursewareQuizSubjectsResponse> {
      const { quiz } = await loadQuiz(actor, id);
      const trees = await questions(quiz.id);
      return { quiz_id: quiz.id, subjects: trees.map((tree) => toPaperSubject(tree, () => undefined)) };
    },

    /** `GET /api/courseware-quiz/quiz/{id}/my-submission`: the caller's graded answers, if any. */
    async mySubmission(actor: Actor, id: number): Promise<MyCoursewareQuizSubmissionResponse> {
      const { quiz } = await loadQuiz(actor, id);
      const row = await repo.findSubmission(quiz.id, actor.userId);
      if (!row) return { submission: null };
      return { submission: presentSubmission(row, await questions(quiz.id)) };
    },

    /**
     * `POST /api/courseware-quiz/quiz/{id}/submissions`: handed in once and graded at once by the exams'
     * rules. A resent submission returns the first one unchanged, so the result a student saw stays theirs.
     */
    async submit(actor: Actor, id: number, input: SubmitInput): Promise<CoursewareQuizSubmission> {
      const { quiz, access } = await loadQuiz(actor, id);
      assertCanAnswer(access);
      const existing = await repo.findSubmission(quiz.id, actor.userId);
      if (existing) return presentSubmission(existing, await questions(quiz.id));
      const trees = await questions(quiz.id);
      if (trees.length === 0) throw conflict('coursewareQuizzes.noSubjects');
      const checked = checkQuizAnswers(trees, input.subjects);
      if (!checked.ok) throw invalid(checked.fields);
      const graded = gradePaper(trees.map(toSubject), checked.answers);
      const row = await ctx.db.transaction(async (tx) => {
        // Taken with the copy's lock, so questions cannot be added under a first answer.
        await repo.lock(quiz.id, tx);
        return repo.insertSubmissionOnce(
          {
            quizId: quiz.id,
            userId: actor.userId,
            answers: checked.answers,
            scores: graded.scores,
            score: graded.known,
          },
          tx,
        );
      });
      return presentSubmission(row, trees);
    },

    /** `GET /api/courseware-quiz/quiz/{id}/statistics`: the teaching team only. */
    async statistics(actor: Actor, id: number): Promise<CoursewareQuizStatistics> {
      const { quiz, activity, access } = await loadQuiz(actor, id);
      if (!managesQuizzes(access)) throw forbidden();
      const [trees, submissions, studentsCount] = await Promise.all([
        questions(quiz.id),
        repo.allSubmissions(quiz.id),
        repo.studentCount(activity.courseId),
      ]);
      return presentStatistics(quiz.id, trees, submissions, studentsCount);
    },

    /**
     * Appends library questions to a quiz (`POST /api/subject-libs/{libId}/copy?videoQuizId=`), keeping their
     * answers and points: a quiz is graded. Refused once someone has answered, since the statistics would
     * then count answers to different question sets.
     */
    async appendFromLibrary(actor: Actor, id: number, trees: readonly SubjectTree[]): Promise<SubjectTree[]> {
      const { quiz, access } = await loadQuiz(actor, id);
      assertCan(access, 'activity.manage');
      if (!trees.every(fitsQuiz))
        throw invalid({ subject_ids: ['coursewareQuizzes.subjectTypeUnsupported'] });
      return ctx.db.transaction(async (tx) => {
        await repo.lock(quiz.id, tx);
        if (await repo.hasSubmissions(quiz.id, tx)) throw conflict('coursewareQuizzes.hasSubmissions');
        const owner = ownerOf(quiz.id);
        const start = await subjectsRepository.maxSort(owner, tx);
        const ids = await subjectsRepository.insertTrees(
          owner,
          trees.map(treeToInput),
          actor.userId,
          start,
          tx,
        );
        await syncSubjectImages(actor, ids, tx);
        return subjectsRepository.loadByIds(ids, tx);
      });
    },
  };
}
