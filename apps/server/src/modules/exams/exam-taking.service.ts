import type { z } from 'zod';
import type { ExamData } from '@lectern/contracts/exams/exam-settings';
import {
  DistributeResponseSchema,
  type ExamAnswer,
  type ExamSubmissionDetail,
  type ExamSubmissionsResponse,
  type QualificationReason,
  type QualificationResponse,
  type StudentExam,
  type StudentExamsResponse,
  type ExamScoresResponse,
  type SubmitExamRequestSchema,
  type SubmitExamResponse,
} from '@lectern/contracts/exams/exam-taking.schemas';
import { attemptDeadline, TIME_LIMIT_GRACE_MS } from '@lectern/contracts/exams/attempt-deadline';
import { combineAttempts, gradePaper, scoresReleased } from '@lectern/contracts/exams/grading';
import { examSettings } from '@lectern/contracts/exams/exam-settings';
import { COMBINED_COURSE_TYPE } from '@lectern/contracts/course-combining/course-combining.rules';
import type { AppContext } from '../../platform/app-context.ts';
import { AppError, forbidden, invalid, notFound, type FieldMessages } from '../../platform/errors.ts';
import { sanitizeUserHtml } from '../../platform/html/sanitize-html.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { translate, type MessageKey } from '../../platform/messages.ts';
import { activitiesRepository } from '../activities/activities.repository.ts';
import { courseAccess } from '../courses/course-access.ts';
import { assertCan } from '../courses/courses.policy.ts';
import type { LoadedExam } from './exam-access.ts';
import {
  takingExamAccess,
  type OwnStanding,
  type StartProposal,
  type TakenExam,
} from './taking-exam-access.ts';
import { buildLayout, indexLayout, orderByLayout, type PaperIndex } from './exam-paper.ts';
import { distributeJson } from './exam-paper-json.ts';
import {
  assertCanTake,
  examTakerRoles,
  isExaminee,
  readsAllSubmissions,
  submissionVisibility,
} from './exam-taking.policy.ts';
import { presentSummary } from './exam-taking.presenter.ts';
import {
  examTakingRepository,
  type AttemptScope,
  type InstanceRow,
  type OpenAttempt,
  type SubmissionRow,
} from './exam-taking.repository.ts';
import { expiredAttempts } from './expired-attempts.ts';
import { submissionDetails } from './submission-details.ts';
import type { Subject } from '@lectern/contracts/exams/subject.schemas';
import { toSubject } from './subjects.presenter.ts';
import { subjectsRepository, type SubjectTree } from './subjects.repository.ts';

type SubmitInput = z.output<typeof SubmitExamRequestSchema>;

const REASON_MESSAGES: Record<QualificationReason, MessageKey> = {
  not_published: 'exams.taking.notPublished',
  not_started: 'exams.taking.notStarted',
  closed: 'exams.taking.closed',
  no_attempts_left: 'exams.taking.noAttemptsLeft',
  no_questions: 'exams.taking.noQuestions',
  not_examinee: 'exams.taking.notExaminee',
};

/** Outside the exam's window: not yet started, or over (the window includes both ends). */
export function windowReason(
  activity: { startTime: Date | null; endTime: Date | null },
  now: Date,
): 'not_started' | 'closed' | null {
  if (activity.startTime && now.getTime() < activity.startTime.getTime()) return 'not_started';
  if (activity.endTime && now.getTime() > activity.endTime.getTime()) return 'closed';
  return null;
}

const refuse = (reason: QualificationReason) => forbidden(REASON_MESSAGES[reason]);

/** Where a student stands in one exam: their paper, whose attempts count, how many are used and allowed. */
type Standing = {
  scope: AttemptScope;
  isMakeup: boolean;
  used: number;
  allowed: number;
  open: OpenAttempt | undefined;
  /** The caller's highest attempt number so far (0: none). */
  maxAttempt: number;
};

/** The stored form of an answer: every field present, HTML sanitised, the stem taken from the paper. */
function storedAnswers(input: NonNullable<SubmitInput['subjects']>, paper: PaperIndex): ExamAnswer[] {
  const fields: FieldMessages = {};
  const byId = new Map<number, ExamAnswer>();
  input.forEach((answer, i) => {
    const entry = paper.get(answer.subject_id);
    if (!entry) {
      fields[`subjects.${i}.subject_id`] = [
        { key: 'exams.taking.subjectNotOnPaper', params: { id: answer.subject_id } },
      ];
      return;
    }
    const optionIds = [...new Set(answer.answer_option_ids ?? [])];
    if (optionIds.some((id) => !entry.optionIds.has(id))) {
      fields[`subjects.${i}.answer_option_ids`] = ['exams.taking.optionInvalid'];
      return;
    }
    const text = answer.answer ?? null;
    byId.set(answer.subject_id, {
      subject_id: answer.subject_id,
      parent_id: entry.parentId,
      answer_option_ids: optionIds,
      answer: text === null || text === '' ? text : sanitizeUserHtml(text),
      answers: (answer.answers ?? []).map((a) => ({ sort: a.sort, content: a.content })),
    });
  });
  if (Object.keys(fields).length > 0) throw invalid(fields);
  return [...byId.values()];
}

/**
 * Papers read for taking, kept by exam, paper (main or make-up) and paper version: a class starting at the
 * same minute reads its paper once per process. The version comes with the exam's row in the query every
 * start and hand-in makes anyway, and every paper write moves it on (paper-version.ts), so an edit is seen
 * by every process on its next start without a message between them.
 */
const PAPER_CACHE_ENTRIES = 500;
const KNOWN_INSTANCES = 5_000;

type KnownInstance = Pick<InstanceRow, 'id' | 'activityId' | 'userId' | 'isMakeup' | 'layout' | 'createdAt'>;

/** A time-limited attempt past its limit and the grace for the automatic hand-in (the end time aside). */
/**
 * A question as grading reads it, worked out once per cached paper: the trees are shared by every hand-in
 * of the same paper version (loadPaper), and a class hands in within the same minute.
 */
const gradableSubjects = new WeakMap<SubjectTree, Subject>();
function gradable(tree: SubjectTree): Subject {
  let subject = gradableSubjects.get(tree);
  if (!subject) gradableSubjects.set(tree, (subject = toSubject(tree)));
  return subject;
}

/** What a save or hand-in answers with the submission row it wrote (or found). */
function handInResponse(submission: SubmissionRow): SubmitExamResponse {
  return {
    id: submission.id,
    exam_paper_instance_id: submission.instanceId,
    status: submission.status,
    saved_at: (submission.submittedAt ?? submission.updatedAt).toISOString(),
    submitted_at: submission.submittedAt?.toISOString() ?? null,
  };
}

function pastTimeLimit(settings: ExamData, distributedAt: Date, now: Date): boolean {
  const limit = settings.time_limit_minutes;
  if (!limit) return false;
  return now.getTime() > distributedAt.getTime() + limit * 60_000 + TIME_LIMIT_GRACE_MS;
}

export function examTakingService(ctx: AppContext) {
  const exams = takingExamAccess(ctx.db);
  const repo = examTakingRepository(ctx.db);
  const details = submissionDetails(ctx.db);
  const subjects = subjectsRepository;
  const courses = courseAccess(ctx.db);
  const activities = activitiesRepository(ctx.db);
  const expired = expiredAttempts(ctx);

  /**
   * The exam and the caller's standing, with an open attempt whose time limit ran out handed in first
   * (its saved draft stands), so the caller sees it as used rather than resumable.
   */
  async function loadWithStanding(actor: Actor, examId: number) {
    const loaded = await exams.loadWithStanding(actor, examId);
    const open = loaded.own.open;
    if (!open || !pastTimeLimit(loaded.exam.settings, open.instance.createdAt, new Date())) return loaded;
    await expired.finalise(loaded.exam);
    return exams.loadWithStanding(actor, examId);
  }

  const papers = new Map<
    string,
    { version: string; trees: Promise<SubjectTree[]>; resolved?: SubjectTree[] | undefined }
  >();
  /**
   * Paper instances never change once created (order, owner, exam), so saves skip reading them again;
   * whether one is still a draft is checked by the write itself.
   */
  const knownInstances = new Map<number, KnownInstance>();

  /**
   * Exam and student of the attempts known here: their next distribute is most likely a resume, which the
   * plain standing read serves without the one-statement start's insert part.
   */
  const resumable = new Set<string>();

  function remember(instance: KnownInstance): void {
    knownInstances.delete(instance.id);
    knownInstances.set(instance.id, instance);
    if (knownInstances.size > KNOWN_INSTANCES)
      knownInstances.delete(knownInstances.keys().next().value ?? instance.id);
    const key = `${instance.activityId}:${instance.userId}`;
    resumable.delete(key);
    resumable.add(key);
    if (resumable.size > KNOWN_INSTANCES) resumable.delete(resumable.values().next().value ?? key);
  }

  async function readInstance(id: number) {
    const found = await repo.findInstance(id);
    if (found) remember(found.instance);
    return found;
  }

  /** A paper's questions for taking or grading it, read once per version and shared by every student. */
  function loadPaper(exam: TakenExam, isMakeup: boolean): Promise<SubjectTree[]> {
    const key = `${exam.activity.id}:${isMakeup}`;
    const version = exam.paperVersion;
    const hit = papers.get(key);
    if (hit && hit.version === version) {
      // Least recently used goes first when the map is full.
      papers.delete(key);
      papers.set(key, hit);
      return hit.trees;
    }
    const trees = subjects.loadTrees({ activityId: exam.activity.id, isMakeup }, {}, ctx.db);
    papers.delete(key);
    papers.set(key, { version, trees });
    if (papers.size > PAPER_CACHE_ENTRIES) papers.delete(papers.keys().next().value ?? key);
    trees.then(
      (resolved) => {
        const entry = papers.get(key);
        if (entry?.trees === trees) entry.resolved = resolved;
      },
      // A failed read is tried again by the next caller.
      () => {
        if (papers.get(key)?.trees === trees) papers.delete(key);
      },
    );
    return trees;
  }

  /**
   * What the last start of each exam in this process saw of it: with the exam's main paper at hand at the
   * same version, the next start can lay its paper out before asking the database and be one statement.
   */
  const startFacts = new Map<number, TakenExam>();

  function rememberExam(exam: TakenExam): void {
    startFacts.delete(exam.activity.id);
    startFacts.set(exam.activity.id, exam);
    if (startFacts.size > PAPER_CACHE_ENTRIES)
      startFacts.delete(startFacts.keys().next().value ?? exam.activity.id);
  }

  /**
   * A one-statement start (taking-exam-access.ts `startOrCreate`) for callers who may take it that way:
   * not an administrator, not viewing the course as a student, not a group exam, and the exam's main paper
   * read in this process at the version last seen. The statement checks everything else on the rows.
   */
  function proposalFor(actor: Actor, examId: number, now: Date): StartProposal | undefined {
    const exam = startFacts.get(examId);
    if (!exam || exam.settings.group_set_id || resumable.has(`${examId}:${actor.userId}`)) return undefined;
    const { courseId, courseType, orgId } = exam.access;
    if (actor.orgRole === 'admin' || actor.orgId !== orgId || actor.simulatingCourseId === courseId) {
      return undefined;
    }
    const paper = papers.get(`${examId}:false`);
    if (!paper?.resolved?.length || paper.version !== exam.paperVersion) return undefined;
    return {
      paperVersion: exam.paperVersion,
      layout: buildLayout(paper.resolved, exam.settings),
      data: exam.activity.data,
      submitTimes: exam.settings.submit_times,
      hasMakeupUsers: exam.settings.has_make_up_user,
      takerRoles: examTakerRoles(courseType),
      orgId,
      courseType,
      now,
    };
  }

  /**
   * A draft save in one statement (taking-exam-access.ts `saveDraftIfTaking`) for a paper this process
   * handed out, of an exam it loaded: the same callers as the one-statement start, no group exam, no
   * combined course (its students may come through sub-courses). What the service checks of the attempt
   * (owner, window, time limit) is checked here on the facts the statement then holds the rows to.
   * Undefined: not taken, or nothing written; the caller goes the two-statement way.
   */
  /**
   * The facts a one-statement save or hand-in rests on, when this process has them: an exam it loaded and
   * a paper it handed out, taken by the same callers as the one-statement start, no group exam, no combined
   * course (its students may come through sub-courses). What the service checks of the attempt (owner,
   * window, time limit) is checked here on the facts the statement then holds the rows to. Undefined: the
   * caller goes the usual way, which gives any refusal.
   */
  function quickFacts(actor: Actor, examId: number, input: SubmitInput) {
    const exam = startFacts.get(examId);
    const instance = knownInstances.get(input.exam_paper_instance_id);
    if (!exam || !instance || input.subjects === undefined || exam.settings.group_set_id) return undefined;
    const { courseId, courseType, orgId } = exam.access;
    if (
      courseType === COMBINED_COURSE_TYPE ||
      actor.orgRole === 'admin' ||
      actor.orgId !== orgId ||
      actor.simulatingCourseId === courseId ||
      instance.userId !== actor.userId ||
      instance.activityId !== examId
    ) {
      return undefined;
    }
    const now = new Date();
    if (windowReason(exam.activity, now) || pastTimeLimit(exam.settings, instance.createdAt, now)) {
      return undefined;
    }
    let answers: ExamAnswer[];
    try {
      answers = storedAnswers(input.subjects, indexLayout(instance.layout));
    } catch {
      // Answers the paper refuses: the usual path says so, after the checks it makes first.
      return undefined;
    }
    const facts = {
      data: exam.activity.data,
      takerRoles: examTakerRoles(courseType),
      orgId,
      courseType,
      now,
    };
    return { exam, instance, answers, facts };
  }

  /** A draft save in one statement (taking-exam-access.ts `saveDraftIfTaking`), when quickFacts allow. */
  async function quickDraft(
    actor: Actor,
    examId: number,
    input: SubmitInput,
  ): Promise<SubmitExamResponse | undefined> {
    const quick = quickFacts(actor, examId, input);
    if (!quick) return undefined;
    const { instance, answers, facts } = quick;
    const saved = await exams.saveDraftIfTaking(actor, examId, {
      ...facts,
      instanceId: instance.id,
      draft: JSON.stringify(answers),
    });
    if (!saved) return undefined;
    return {
      id: saved.id,
      exam_paper_instance_id: instance.id,
      status: 'draft',
      saved_at: saved.updatedAt.toISOString(),
      submitted_at: null,
    };
  }

  /**
   * A hand-in in one statement (taking-exam-access.ts `handInIfTaking`), when quickFacts allow: graded
   * against the paper at the version this process last saw, which the statement holds the exam row to.
   */
  async function quickHandIn(
    actor: Actor,
    examId: number,
    input: SubmitInput,
  ): Promise<SubmitExamResponse | undefined> {
    const quick = quickFacts(actor, examId, input);
    if (!quick) return undefined;
    const { exam, instance, answers, facts } = quick;
    const trees = orderByLayout(await loadPaper(exam, instance.isMakeup), instance.layout);
    const graded = gradePaper(trees.map(gradable), answers);
    const written = await exams.handInIfTaking(actor, examId, {
      ...facts,
      instanceId: instance.id,
      paperVersion: exam.paperVersion,
      submitTimes: exam.settings.submit_times,
      values: {
        answers,
        scores: graded.scores,
        score: graded.total,
        autoScore: graded.auto,
        marked: graded.marked,
      },
    });
    if (!written) return undefined;
    return handInResponse(written);
  }

  /** Null when the caller is in no group of a group exam (they cannot take it). */
  async function standing(actor: Actor, exam: LoadedExam, own: OwnStanding): Promise<Standing | null> {
    const { activity, settings } = exam;
    const isMakeup = settings.has_make_up_user && own.makeupUser;
    const scope: AttemptScope = { examineeId: actor.userId, groupId: null };
    const allowed = settings.submit_times + own.retakes;
    const mine = { scope, isMakeup, used: own.used, allowed, open: own.open, maxAttempt: own.maxAttempt };
    if (!settings.group_set_id) return mine;
    // A group exam's attempts are the group's: any member's hand-ins and retakes count.
    const group = await repo.groupOf(settings.group_set_id, actor.userId);
    if (!group) return null;
    const groupScope: AttemptScope = { examineeId: actor.userId, groupId: group.groupId };
    const [used, retakes] = await Promise.all([
      repo.countFinal(activity.id, groupScope),
      repo.countRetakes(activity.id, group.memberIds),
    ]);
    return { ...mine, scope: groupScope, used, allowed: settings.submit_times + retakes };
  }

  /** An exam the caller may take: a learner of its course, published. */
  function assertExaminee(exam: LoadedExam): void {
    assertCanTake(exam.access);
    if (!exam.activity.published) throw refuse('not_published');
  }

  async function checkedExaminee(actor: Actor, examId: number): Promise<TakenExam> {
    const exam = await exams.loadExam(actor, examId);
    assertExaminee(exam);
    return exam;
  }

  function studentExam(
    activity: {
      id: number;
      title: string;
      moduleId: number;
      syllabusId: number | null;
      startTime: Date | null;
      endTime: Date | null;
    },
    settings: ExamData,
    facts: {
      finals: { score: number | null; markStatus: 'marked' | 'unmarked' }[];
      hasDraft: boolean;
      retakes: number;
      isMakeup: boolean;
    },
    now: Date,
  ): StudentExam {
    const allowed = settings.submit_times + facts.retakes;
    const released = scoresReleased(settings, { submitted: facts.finals.length > 0, now });
    const window = windowReason(activity, now);
    return {
      id: activity.id,
      title: activity.title,
      module_id: activity.moduleId,
      syllabus_id: activity.syllabusId,
      start_time: activity.startTime?.toISOString() ?? null,
      end_time: activity.endTime?.toISOString() ?? null,
      is_started: window !== 'not_started',
      is_closed: window === 'closed',
      submit_times: settings.submit_times,
      submission_count: facts.finals.length,
      has_submitted: facts.finals.length > 0,
      remaining_times: Math.max(0, allowed - facts.finals.length),
      has_draft: facts.hasDraft,
      score: released
        ? combineAttempts(
            settings.score_rule,
            facts.finals.map((f) => (f.markStatus === 'marked' ? f.score : null)),
          )
        : null,
      score_released: released,
      awaiting_marking: facts.finals.some((f) => f.markStatus !== 'marked'),
      total_points: settings.total_points,
      score_rule: settings.score_rule,
      display_mode: settings.display_mode,
      announce_answer_type: settings.announce_answer_type,
      announce_score_type: settings.announce_score_type,
      group_set_id: settings.group_set_id ?? null,
      is_makeup_exam: facts.isMakeup,
    };
  }

  return {
    /** `GET /api/courses/{cid}/exam-list`: published exams with the caller's attempts and released score. */
    async examList(actor: Actor, courseId: number): Promise<StudentExamsResponse> {
      const access = await courses.load(actor, courseId);
      assertCan(access, 'course.read');
      const rows = await activities.list({
        courseId,
        type: 'exam',
        publishedOnly: true,
        viewerId: actor.userId,
      });
      const ids = rows.map((r) => r.id);
      const listed = rows.map((row) => ({ row, settings: examSettings(row.data) }));
      const groupSetIds = [
        ...new Set(listed.flatMap(({ settings }) => (settings.group_set_id ? [settings.group_set_id] : []))),
      ];
      const [memberships, makeup] = await Promise.all([
        repo.groupsInSets(groupSetIds, actor.userId),
        repo.makeupExamIds(ids, actor.userId),
      ]);
      const groupBySet = new Map(memberships.map((m) => [m.groupSetId, m]));
      const memberIds = [...new Set([actor.userId, ...memberships.flatMap((m) => m.memberIds)])];
      const [submissions, retakes] = await Promise.all([
        repo.submissionsOfStudent(
          ids,
          actor.userId,
          memberships.map((m) => m.groupId),
        ),
        repo.retakeCounts(ids, memberIds),
      ]);
      const now = new Date();
      return {
        exams: listed.map(({ row, settings }) => {
          const group = settings.group_set_id ? groupBySet.get(settings.group_set_id) : undefined;
          const mine = submissions.filter(
            (s) =>
              s.activityId === row.id &&
              (group ? s.groupId === group.groupId : s.examineeId === actor.userId),
          );
          const counted = new Set(group ? group.memberIds : [actor.userId]);
          return studentExam(
            row,
            settings,
            {
              finals: mine.filter((s) => s.status === 'submitted'),
              hasDraft: mine.some((s) => s.status === 'draft' && s.examineeId === actor.userId),
              retakes: retakes
                .filter((r) => r.activityId === row.id && counted.has(r.examineeId))
                .reduce((total, r) => total + r.value, 0),
              isMakeup: settings.has_make_up_user && makeup.has(row.id),
            },
            now,
          );
        }),
      };
    },

    /** `GET /api/courses/{cid}/exam-scores`: the exam list's scores, one entry per exam, by the same rules. */
    async examScores(actor: Actor, courseId: number): Promise<ExamScoresResponse> {
      const { exams } = await this.examList(actor, courseId);
      return {
        exam_scores: exams.map((exam) => ({
          activity_id: exam.id,
          exam_id: exam.id,
          title: exam.title,
          score: exam.score,
          score_released: exam.score_released,
          total_points: exam.total_points,
          submission_count: exam.submission_count,
        })),
      };
    },

    /** `GET /api/exam/{id}/check-exam-qualification`: may the caller start (or resume) the exam now? */
    async qualification(actor: Actor, examId: number): Promise<QualificationResponse> {
      const { exam, own } = await loadWithStanding(actor, examId);
      const verdict = (
        reason: QualificationReason | null,
        counts: { used: number; allowed: number; hasDraft: boolean; message?: MessageKey },
      ): QualificationResponse => ({
        qualified: reason === null,
        reason,
        message: reason === null ? null : translate(actor.locale, counts.message ?? REASON_MESSAGES[reason]),
        submit_times: exam.settings.submit_times,
        submission_count: counts.used,
        remaining_times: Math.max(0, counts.allowed - counts.used),
        has_draft: counts.hasDraft,
      });
      const none = { used: 0, allowed: exam.settings.submit_times, hasDraft: false };
      if (!exam.activity.published) return verdict('not_published', none);
      if (!isExaminee(exam.access)) return verdict('not_examinee', none);
      const current = await standing(actor, exam, own);
      if (!current) return verdict('not_examinee', { ...none, message: 'exams.taking.noGroup' });
      const counts = { used: current.used, allowed: current.allowed, hasDraft: current.open !== undefined };
      const window = windowReason(exam.activity, new Date());
      if (window) return verdict(window, counts);
      if (!current.open && current.used >= current.allowed) return verdict('no_attempts_left', counts);
      if ((await repo.countPaperSubjects(exam.activity.id, current.isMakeup)) === 0) {
        return verdict('no_questions', counts);
      }
      return verdict(null, counts);
    },

    /**
     * `GET /api/exams/{id}/distribute`: resumes the caller's open attempt (same paper, latest draft) or
     * starts the next one while attempts remain.
     */
    async distribute(actor: Actor, examId: number, retries = 2): Promise<string> {
      const now = new Date();
      const proposal = proposalFor(actor, examId, now);
      let loaded: { exam: TakenExam; own: OwnStanding; started?: OpenAttempt | undefined } = proposal
        ? await exams.startOrCreate(actor, examId, proposal)
        : await loadWithStanding(actor, examId);
      const timedOut = loaded.own.open;
      if (timedOut && pastTimeLimit(loaded.exam.settings, timedOut.instance.createdAt, now)) {
        // Handed in first (its draft stands), then read again: the two-statement start from here.
        loaded = await loadWithStanding(actor, examId);
      }
      const { exam, own, started } = loaded;
      rememberExam(exam);
      let current: Standing | null;
      try {
        assertExaminee(exam);
        const window = windowReason(exam.activity, now);
        if (window) throw refuse(window);
        current = await standing(actor, exam, own);
        if (!current) throw forbidden('exams.taking.noGroup');
        if (started && (current.open || current.used >= current.allowed || current.isMakeup)) {
          throw new Error('attempts or paper disagree');
        }
      } catch (error) {
        // The statement starts an attempt only where every rule here holds (prepareStartOrCreate): a
        // refusal after it did is a bug in that statement, never an answer for the caller.
        if (started)
          throw new Error(`exam ${examId}: an attempt was started the rules refuse`, { cause: error });
        throw error;
      }
      let attempt = current.open;
      let trees: SubjectTree[];
      if (attempt) {
        trees = await loadPaper(exam, attempt.instance.isMakeup);
      } else if (started) {
        // Laid out from this very paper version (the statement checked it under the key-share lock).
        attempt = started;
        trees = await loadPaper(exam, false);
      } else {
        if (current.used >= current.allowed) throw refuse('no_attempts_left');
        trees = await loadPaper(exam, current.isMakeup);
        if (trees.length === 0) throw refuse('no_questions');
        const created = await repo.createAttempt({
          examId: exam.activity.id,
          userId: actor.userId,
          isMakeup: current.isMakeup,
          attempt: current.maxAttempt + 1,
          layout: buildLayout(trees, exam.settings),
          groupId: current.scope.groupId,
          paperVersion: exam.paperVersion,
        });
        // An author changed the paper while it was being laid out: start again from the new one.
        if (created === 'paper_changed') {
          if (retries > 0) return this.distribute(actor, examId, retries - 1);
          throw new AppError('conflict');
        }
        // Another request (a second tab) started this attempt a moment ago: resume theirs.
        attempt = created ?? (await repo.findOpenAttempt(exam.activity.id, actor.userId));
        if (!attempt) throw new AppError('conflict', 'exams.taking.alreadySubmitted');
      }
      const { instance, submission } = attempt;
      remember({
        id: instance.id,
        activityId: exam.activity.id,
        userId: actor.userId,
        isMakeup: instance.isMakeup,
        layout: instance.layout,
        createdAt: instance.createdAt,
      });
      const limit = exam.settings.time_limit_minutes ?? null;
      const deadline = attemptDeadline(exam.activity.endTime, instance.createdAt, limit);
      const body = distributeJson(
        {
          exam_paper_instance_id: instance.id,
          attempt: instance.attempt,
          is_makeup_exam: instance.isMakeup,
          created_at: instance.createdAt.toISOString(),
          draft_data: submission.draftData,
          draft_saved_at: submission.draftData ? submission.updatedAt.toISOString() : null,
          end_time: exam.activity.endTime?.toISOString() ?? null,
          display_mode: exam.settings.display_mode,
          // This attempt is not among the handed-in ones yet: another remains if one more is allowed.
          allow_retake_exam: current.allowed - current.used > 1,
          announce_answer: exam.settings.announce_answer_type !== 'never',
          time_limit_minutes: limit,
          deadline: deadline?.toISOString() ?? null,
          remaining_seconds: deadline
            ? Math.max(0, Math.floor((deadline.getTime() - Date.now()) / 1000))
            : null,
        },
        trees,
        instance.layout,
      );
      // Outside production every response is checked against its contract (platform/http/serialization.ts);
      // this one bypasses the serializer, so it is checked here.
      if (ctx.config.env !== 'production') DistributeResponseSchema.parse(JSON.parse(body));
      return body;
    },

    /**
     * `POST /api/exams/{id}/submissions`: a draft save or the final hand-in of one paper instance. The
     * hand-in is graded and committed before the answer; sending it again returns the same submission.
     */
    async submit(actor: Actor, examId: number, input: SubmitInput): Promise<SubmitExamResponse> {
      const flag = input.exam_finished ?? input.examFinished ?? false;
      const finished = flag === true || flag === 1;
      const quick = finished
        ? await quickHandIn(actor, examId, input)
        : await quickDraft(actor, examId, input);
      if (quick) return quick;
      const exam = await checkedExaminee(actor, examId);
      const instanceId = input.exam_paper_instance_id;
      // The stored row is needed when the paper is not known yet, or its saved draft is to be handed in.
      let found =
        knownInstances.get(instanceId) && input.subjects !== undefined
          ? undefined
          : await readInstance(instanceId);
      const instance = found?.instance ?? knownInstances.get(instanceId);
      if (!instance || instance.userId !== actor.userId || instance.activityId !== exam.activity.id) {
        throw invalid({ exam_paper_instance_id: ['exams.taking.instanceInvalid'] });
      }
      const answers =
        input.subjects === undefined
          ? (found?.submission.draftData ?? [])
          : storedAnswers(input.subjects, indexLayout(instance.layout));
      const response = handInResponse;
      /** A hand-in already stored answers its resend with itself; anything else is too late. */
      const alreadyHandedIn = async (): Promise<SubmitExamResponse | undefined> => {
        found ??= await readInstance(instanceId);
        if (found?.submission.status !== 'submitted') return undefined;
        if (finished) return response(found.submission);
        throw new AppError('conflict', 'exams.taking.alreadySubmitted');
      };
      if (found?.submission.status === 'submitted') {
        if (finished) return response(found.submission);
        throw new AppError('conflict', 'exams.taking.alreadySubmitted');
      }
      const now = new Date();
      const window = windowReason(exam.activity, now);
      if (window) {
        const stored = await alreadyHandedIn();
        if (stored) return stored;
        throw refuse(window);
      }
      if (pastTimeLimit(exam.settings, instance.createdAt, now)) {
        const stored = await alreadyHandedIn();
        if (stored) return stored;
        // Too late for these answers: the draft saved in time stands as the attempt's submission.
        await expired.finalise(exam, now);
        throw forbidden('exams.taking.timeLimitPassed');
      }

      if (!finished) {
        const saved =
          input.subjects === undefined && found
            ? { id: found.submission.id, updatedAt: found.submission.updatedAt }
            : await repo.saveDraft(instance.id, answers);
        if (!saved) throw new AppError('conflict', 'exams.taking.alreadySubmitted');
        return {
          id: saved.id,
          exam_paper_instance_id: instance.id,
          status: 'draft',
          saved_at: saved.updatedAt.toISOString(),
          submitted_at: null,
        };
      }

      // Graded before anything is written: the paper and answers are fixed, and no lock waits on grading.
      const trees = orderByLayout(await loadPaper(exam, instance.isMakeup), instance.layout);
      const graded = gradePaper(trees.map(gradable), answers);
      const settings = exam.settings;
      const group = settings.group_set_id
        ? await repo.groupOf(settings.group_set_id, actor.userId)
        : undefined;
      if (settings.group_set_id && !group) throw forbidden('exams.taking.noGroup');
      const values = {
        answers,
        scores: graded.scores,
        score: graded.total,
        autoScore: graded.auto,
        marked: graded.marked,
      };
      if (!group) {
        const limit = { examId: exam.activity.id, userId: actor.userId, submitTimes: settings.submit_times };
        const written = await repo.finaliseIfAllowed(instance.id, limit, values);
        if (written) return response(written);
        // Nothing written: handed in already (by a request racing this one), or no attempt left.
        found = undefined;
        const stored = await alreadyHandedIn();
        if (stored) return stored;
        throw refuse('no_attempts_left');
      }
      // Members of one group hand in one after another, so the group's attempt count holds.
      const submission = await ctx.db.transaction(async (tx) => {
        const locked = await repo.lockInstance(instance.id, tx);
        if (!locked) throw invalid({ exam_paper_instance_id: ['exams.taking.instanceInvalid'] });
        if (locked.submission.status === 'submitted') return locked.submission;
        await repo.lockGroup(group.groupId, tx);
        const scope: AttemptScope = { examineeId: actor.userId, groupId: group.groupId };
        const used = await repo.countFinal(exam.activity.id, scope, tx);
        const retakes = await repo.countRetakes(exam.activity.id, group.memberIds, tx);
        if (used >= settings.submit_times + retakes) throw refuse('no_attempts_left');
        return repo.finalise(locked.submission.id, { ...values, groupId: group.groupId }, tx);
      });
      return response(submission);
    },

    /**
     * `GET /api/exams/{eid}/submissions`: the caller's final submissions (their group's for a group exam),
     * or every final submission for the teaching team.
     */
    async listSubmissions(actor: Actor, examId: number): Promise<ExamSubmissionsResponse> {
      const exam = await exams.loadExam(actor, examId);
      await expired.finalise(exam);
      if (readsAllSubmissions(exam.access)) {
        const rows = await repo.listFinal(exam.activity.id);
        const visibility = { scores: true, answers: true };
        return {
          submissions: rows.map((r) => presentSummary(r, visibility)),
          score: null,
          score_released: true,
          answers_released: true,
        };
      }
      const group = exam.settings.group_set_id
        ? await repo.groupOf(exam.settings.group_set_id, actor.userId)
        : undefined;
      const rows = await repo.listFinal(
        exam.activity.id,
        group ? { groupId: group.groupId } : { examineeIds: [actor.userId] },
      );
      const visibility = submissionVisibility(exam.access, exam.settings, rows.length > 0);
      return {
        submissions: rows.map((r) => presentSummary(r, visibility)),
        score: visibility.scores
          ? combineAttempts(
              exam.settings.score_rule,
              rows.map((r) => (r.markStatus === 'marked' ? r.score : null)),
            )
          : null,
        score_released: visibility.scores,
        answers_released: visibility.answers,
      };
    },

    /**
     * `GET /api/exams/{eid}/submissions/{sid}`: one submission to review. Students read their own (or
     * their group's); anyone else's reads as not found.
     */
    async getSubmission(actor: Actor, examId: number, submissionId: number): Promise<ExamSubmissionDetail> {
      const exam = await exams.loadExam(actor, examId);
      const row = await repo.findSubmission(submissionId);
      if (!row || row.activityId !== exam.activity.id) throw notFound('exams.taking.submissionNotFound');
      if (!readsAllSubmissions(exam.access) && row.examineeId !== actor.userId) {
        const group = exam.settings.group_set_id
          ? await repo.groupOf(exam.settings.group_set_id, actor.userId)
          : undefined;
        const ofMyGroup = group !== undefined && row.groupId === group.groupId && row.status === 'submitted';
        if (!ofMyGroup) throw notFound('exams.taking.submissionNotFound');
      }
      const [one] = await details(exam, [row]);
      if (!one) throw notFound('exams.taking.submissionNotFound');
      return one;
    },
  };
}

export type ExamTakingService = ReturnType<typeof examTakingService>;
