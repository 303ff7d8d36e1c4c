import type { z } from 'zod';
import type { ExamSubmission, MarkedAttachment } from '@lectern/contracts/exams/exam-taking.schemas';
import { applyMark, summariseScores, type SubjectScore } from '@lectern/contracts/exams/grading';
import type {
  CommentRequestSchema,
  GiveScoreRequestSchema,
  MarkedAttachmentRequestSchema,
  MarkingExaminee,
  MarkingExamineesResponse,
  MarkingGroupsResponse,
  MarkingSubmissionsResponse,
} from '@lectern/contracts/exams/marking.schemas';
import type { AppContext } from '../../platform/app-context.ts';
import { invalid, notFound, type FieldMessages } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { translate } from '../../platform/messages.ts';
import { assertCan } from '../courses/courses.policy.ts';
import { homeworkMarkedAttachmentsService } from '../homework/homework-marked-attachments.service.ts';
import { recordScoreChanges, type ScoreChange } from '../homework/score-records.repository.ts';
import { uploadsRepository } from '../uploads/uploads.repository.ts';
import { examAccess, type LoadedExam } from './exam-access.ts';
import { assertCanMark } from './exam-taking.policy.ts';
import { presentAttachment } from './exam-taking.presenter.ts';
import { examTakingRepository, type SubmissionWithInstance } from './exam-taking.repository.ts';
import { expiredAttempts } from './expired-attempts.ts';
import { markingRepository } from './marking.repository.ts';
import { submissionDetails } from './submission-details.ts';
import { subjectsRepository, type SubjectTree } from './subjects.repository.ts';

type GiveScore = z.output<typeof GiveScoreRequestSchema>;
type CommentInput = z.output<typeof CommentRequestSchema>;
type AttachmentInput = z.output<typeof MarkedAttachmentRequestSchema>;
type MarkStatus = MarkingExaminee['mark_status'];

/** Where marking stands for some final submissions: for one question, or (subjectId 0) for the whole paper. */
function markStatusOf(rows: readonly SubmissionWithInstance[], subjectId: number): MarkStatus {
  if (rows.length === 0) return 'unsubmitted';
  const pending = rows.some((row) =>
    subjectId === 0
      ? row.markStatus !== 'marked'
      : (row.scoreData ?? []).some((s) => s.subject_id === subjectId && s.score === null),
  );
  return pending ? 'unmarked' : 'marked';
}

function subjectScoreIn(row: SubmissionWithInstance | undefined, subjectId: number): number | null {
  if (!row) return null;
  if (subjectId === 0) return row.score;
  return (row.scoreData ?? []).find((s) => s.subject_id === subjectId)?.score ?? null;
}

export function markingService(ctx: AppContext) {
  const exams = examAccess(ctx.db);
  const repo = markingRepository(ctx.db);
  const taking = examTakingRepository(ctx.db);
  const uploads = uploadsRepository(ctx.db);
  const details = submissionDetails(ctx.db);
  const homeworkMarked = homeworkMarkedAttachmentsService(ctx);

  /** Reading marking data: the teaching team (not while simulating a student). */
  async function forReading(actor: Actor, examId: number): Promise<LoadedExam> {
    const exam = await exams.loadExam(actor, examId);
    assertCan(exam.access, 'activity.read_unpublished');
    // Attempts whose time limit ran out count as handed in (their saved drafts) before anyone marks them.
    await expiredAttempts(ctx).finalise(exam);
    return exam;
  }

  async function forWriting(actor: Actor, examId: number): Promise<LoadedExam> {
    const exam = await exams.loadExam(actor, examId);
    assertCanMark(exam.access);
    return exam;
  }

  /** A question of the exam's chosen paper (0: the whole paper). Anything else is not found. */
  async function checkSubject(exam: LoadedExam, subjectId: number, isMakeup: boolean): Promise<void> {
    if (subjectId === 0) return;
    const subject = await subjectsRepository.findById(subjectId, ctx.db);
    if (!subject || subject.activityId !== exam.activity.id || subject.isMakeup !== isMakeup) {
      throw notFound('exams.marking.subjectNotFound');
    }
  }

  /** The examinees of one paper: the make-up users for the make-up paper, everyone else for the main one. */
  async function examineesOf(exam: LoadedExam, isMakeup: boolean) {
    const [students, makeup] = await Promise.all([
      repo.examinees(exam.activity.courseId),
      exam.settings.has_make_up_user ? taking.makeupUserIds(exam.activity.id) : new Set<number>(),
    ]);
    return students.filter((s) => makeup.has(s.id) === isMakeup);
  }

  async function presentOne(exam: LoadedExam, submissionId: number): Promise<ExamSubmission> {
    const row = await taking.findSubmission(submissionId);
    if (!row) throw notFound('exams.taking.submissionNotFound');
    const [one] = await details(exam, [row]);
    if (!one) throw notFound('exams.taking.submissionNotFound');
    return one;
  }

  /** Points per question of both papers, and which questions are stems (scored through their parts). */
  async function pointsOf(examId: number): Promise<Map<number, { point: number; isStem: boolean }>> {
    const [main, makeup] = await Promise.all([
      subjectsRepository.loadTrees({ activityId: examId, isMakeup: false }, {}, ctx.db),
      subjectsRepository.loadTrees({ activityId: examId, isMakeup: true }, {}, ctx.db),
    ]);
    const points = new Map<number, { point: number; isStem: boolean }>();
    const visit = (tree: SubjectTree) => {
      points.set(tree.id, { point: tree.point, isStem: tree.subSubjects.length > 0 });
      tree.subSubjects.forEach(visit);
    };
    [...main, ...makeup].forEach(visit);
    return points;
  }

  return {
    async examinees(
      actor: Actor,
      examId: number,
      subjectId: number,
      isMakeup: boolean,
    ): Promise<MarkingExamineesResponse> {
      const exam = await forReading(actor, examId);
      await checkSubject(exam, subjectId, isMakeup);
      const [students, finals] = await Promise.all([
        examineesOf(exam, isMakeup),
        taking.listFinal(exam.activity.id, { isMakeup }),
      ]);
      return {
        examinees: students.map((student) => {
          const theirs = finals.filter((f) => f.examineeId === student.id);
          const latest = theirs.at(-1);
          return {
            id: student.id,
            user_no: student.userNo,
            name: student.name,
            mark_status: markStatusOf(theirs, subjectId),
            submission_count: theirs.length,
            latest_submission_id: latest?.id ?? null,
            score: subjectScoreIn(latest, subjectId),
            total_score: latest?.score ?? null,
            submitted_at: latest?.submittedAt?.toISOString() ?? null,
          };
        }),
      };
    },

    /** Marking groups of a group exam (none for an exam without a group set). */
    async groups(
      actor: Actor,
      examId: number,
      subjectId: number,
      isMakeup: boolean,
    ): Promise<MarkingGroupsResponse> {
      const exam = await forReading(actor, examId);
      await checkSubject(exam, subjectId, isMakeup);
      const groupSetId = exam.settings.group_set_id;
      if (!groupSetId) return { groups: [] };
      const [groups, finals] = await Promise.all([
        repo.groupsOfSet(groupSetId),
        taking.listFinal(exam.activity.id, { isMakeup }),
      ]);
      return {
        groups: groups.map((group) => ({
          id: group.id,
          name: group.name,
          mark_status: markStatusOf(
            finals.filter((f) => f.groupId === group.id),
            subjectId,
          ),
          examinee_ids: group.memberIds,
        })),
      };
    },

    async examineeSubmissions(
      actor: Actor,
      examId: number,
      subjectId: number,
      examineeId: number,
      isMakeup: boolean | undefined,
    ): Promise<MarkingSubmissionsResponse> {
      const exam = await forReading(actor, examId);
      await checkSubject(exam, subjectId, isMakeup ?? false);
      const rows = await taking.listFinal(exam.activity.id, {
        examineeIds: [examineeId],
        ...(isMakeup === undefined ? {} : { isMakeup }),
      });
      return { submissions: await details(exam, rows) };
    },

    async groupSubmissions(
      actor: Actor,
      examId: number,
      subjectId: number,
      groupId: number,
      isMakeup: boolean | undefined,
    ): Promise<MarkingSubmissionsResponse> {
      const exam = await forReading(actor, examId);
      await checkSubject(exam, subjectId, isMakeup ?? false);
      const rows = await taking.listFinal(exam.activity.id, {
        groupId,
        ...(isMakeup === undefined ? {} : { isMakeup }),
      });
      return { submissions: await details(exam, rows) };
    },

    /** The marker's comment on a submission, or on one of its questions with subject_id. */
    async comment(
      actor: Actor,
      examId: number,
      submissionId: number,
      input: CommentInput,
    ): Promise<ExamSubmission> {
      const exam = await forWriting(actor, examId);
      await ctx.db.transaction(async (tx) => {
        const row = await repo.lockSubmission(submissionId, tx);
        if (!row || row.activityId !== exam.activity.id) throw notFound('exams.taking.submissionNotFound');
        if (row.status !== 'submitted') throw invalid({ submission_id: ['exams.marking.notSubmitted'] });
        const text = input.comment?.trim() ? input.comment : null;
        const key = input.subject_id ? String(input.subject_id) : null;
        // The other questions' comments stay; this one's is replaced (or removed when emptied).
        const others = Object.entries(row.commentData?.subject_comments ?? {}).filter(([id]) => id !== key);
        const current = {
          comment: row.commentData?.comment ?? null,
          subject_comments: Object.fromEntries(others),
        };
        if (input.subject_id) {
          if (!(row.scoreData ?? []).some((s) => s.subject_id === input.subject_id)) {
            throw invalid({ subject_id: ['exams.marking.subjectNotOnPaper'] });
          }
          if (text !== null) current.subject_comments[String(input.subject_id)] = text;
        } else {
          current.comment = text;
        }
        await repo.updateComment(row.id, current, tx);
      });
      return presentOne(exam, submissionId);
    },

    /**
     * Scores for answers (`give-score` sends one, `give-scores` many). Each is at most its question's points;
     * a stem is scored through its sub-questions. The submission's total and mark status follow.
     */
    async giveScores(
      actor: Actor,
      examId: number,
      scores: readonly GiveScore[],
      field: (index: number, name: string) => string,
    ): Promise<ExamSubmission[]> {
      const exam = await forWriting(actor, examId);
      const points = await pointsOf(exam.activity.id);
      const ids = [...new Set(scores.map((s) => s.submission_id))];
      await ctx.db.transaction(async (tx) => {
        const rows = new Map((await repo.lockSubmissions(ids, tx)).map((r) => [r.id, r]));
        const fields: FieldMessages = {};
        const next = new Map<number, SubjectScore[]>();
        scores.forEach((entry, i) => {
          const row = rows.get(entry.submission_id);
          if (!row || row.activityId !== exam.activity.id) {
            fields[field(i, 'submission_id')] = ['exams.taking.submissionNotFound'];
            return;
          }
          if (row.status !== 'submitted') {
            fields[field(i, 'submission_id')] = ['exams.marking.notSubmitted'];
            return;
          }
          const current = next.get(row.id) ?? row.scoreData ?? [];
          const subject = points.get(entry.subject_id);
          if (!subject || !current.some((s) => s.subject_id === entry.subject_id)) {
            fields[field(i, 'subject_id')] = ['exams.marking.subjectNotOnPaper'];
            return;
          }
          if (subject.isStem) {
            fields[field(i, 'subject_id')] = ['exams.marking.stemNotScorable'];
            return;
          }
          if (entry.score > subject.point + 1e-9) {
            fields[field(i, 'score')] = [
              { key: 'exams.marking.scoreTooHigh', params: { maximum: subject.point } },
            ];
            return;
          }
          next.set(row.id, applyMark(current, entry.subject_id, entry.score));
        });
        if (Object.keys(fields).length > 0) throw invalid(fields);
        const changes: ScoreChange[] = [];
        for (const [id, updated] of next) {
          const summary = summariseScores(updated);
          await repo.updateScores(id, { scores: updated, score: summary.total, marked: summary.marked }, tx);
          const before = rows.get(id)?.score ?? null;
          changes.push({
            activityId: exam.activity.id,
            userId: rows.get(id)?.examineeId ?? null,
            groupId: null,
            version: null,
            scoreMethod: 'exam_marking',
            oldScore: before,
            score: summary.total,
            oldFinalScore: before,
            finalScore: summary.total,
          });
        }
        // Every score change is on record (issue 10), committed with the change itself.
        await recordScoreChanges(tx, actor.userId, changes);
      });
      const rows = await Promise.all(ids.map((id) => taking.findSubmission(id)));
      return details(
        exam,
        rows.filter((r): r is SubmissionWithInstance => r !== undefined),
      );
    },

    /** One score, with errors on the request's own field names. */
    async giveScore(actor: Actor, examId: number, input: GiveScore): Promise<ExamSubmission> {
      const [submission] = await this.giveScores(actor, examId, [input], (_index, name) => name);
      if (!submission) throw notFound('exams.taking.submissionNotFound');
      return submission;
    },

    async addAttachment(
      actor: Actor,
      examId: number,
      submissionId: number,
      input: AttachmentInput,
    ): Promise<MarkedAttachment> {
      const exam = await forWriting(actor, examId);
      const submission = await taking.findSubmission(submissionId);
      if (!submission || submission.activityId !== exam.activity.id) {
        throw notFound('exams.taking.submissionNotFound');
      }
      if (submission.status !== 'submitted') throw invalid({ submission_id: ['exams.marking.notSubmitted'] });
      const subjectId = input.subject_id ?? null;
      if (subjectId !== null && !(submission.scoreData ?? []).some((s) => s.subject_id === subjectId)) {
        throw invalid({ subject_id: ['exams.marking.subjectNotOnPaper'] });
      }
      const upload = await uploads.findById(input.upload_id);
      // The marker's own finished file (or, for an administrator, one of the organisation's).
      const usable =
        upload &&
        upload.status === 'ready' &&
        !upload.deleted &&
        upload.orgId === actor.orgId &&
        (upload.createdBy === actor.userId || actor.orgRole === 'admin');
      if (!usable) throw invalid({ upload_id: ['exams.marking.uploadUnavailable'] });
      const id = await ctx.db.transaction(async (tx) => {
        // Locked first: the orphan sweep skips a row being attached rather than deleting it under us.
        const present = await uploads.lockForAttaching([upload.id], tx);
        if (!present.has(upload.id)) throw invalid({ upload_id: ['exams.marking.uploadUnavailable'] });
        return repo.insertAttachment(
          { submissionId, subjectId, uploadId: upload.id, uploadName: upload.name, createdBy: actor.userId },
          tx,
        );
      });
      const created = await repo.findAttachment(id);
      if (!created) throw notFound('exams.marking.attachmentNotFound');
      return presentAttachment(created);
    },

    async deleteAttachment(actor: Actor, attachmentId: number): Promise<{ message: string }> {
      const attachment = await repo.findAttachment(attachmentId);
      if (!attachment) {
        // The two kinds of marked attachment share one id sequence: an id unknown here may be homework's.
        const deleted = await homeworkMarked.deleteAttachment(actor, attachmentId);
        if (deleted) return deleted;
        throw notFound('exams.marking.attachmentNotFound');
      }
      await forWriting(actor, attachment.examId);
      await ctx.db.transaction((tx) => repo.deleteAttachment(attachment.id, tx));
      return { message: translate(actor.locale, 'exams.marking.attachmentDeleted') };
    },
  };
}

export type MarkingService = ReturnType<typeof markingService>;
