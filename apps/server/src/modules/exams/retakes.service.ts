import type { z } from 'zod';
import type {
  RetakeRecord,
  RetakeRecordsQuerySchema,
  RetakeRecordsResponse,
  RetakeRecordSubmissionResponse,
  RetakeResponse,
} from '@lectern/contracts/exams/marking.schemas';
import type { AppContext } from '../../platform/app-context.ts';
import { invalid, notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { assertCan } from '../courses/courses.policy.ts';
import { examAccess } from './exam-access.ts';
import { assertCanMark } from './exam-taking.policy.ts';
import { examTakingRepository } from './exam-taking.repository.ts';
import { markingRepository } from './marking.repository.ts';
import { retakesRepository, type RetakeRecordRow } from './retakes.repository.ts';
import { submissionDetails } from './submission-details.ts';

type RecordsQuery = z.output<typeof RetakeRecordsQuerySchema>;

export function presentRetakeRecord(row: RetakeRecordRow): RetakeRecord {
  return {
    id: row.id,
    exam_id: row.examId,
    examinee: {
      id: row.examinee.id,
      user_no: row.examinee.userNo,
      name: row.examinee.name,
      mark_status: row.markStatus ?? 'unsubmitted',
    },
    exam_type: row.examType,
    submit_time: row.submittedAt?.toISOString() ?? null,
    submission_id: row.submissionId,
    retake_operator: row.operator,
    retake_operate_time: row.createdAt.toISOString(),
  };
}

export function retakesService(ctx: AppContext) {
  const exams = examAccess(ctx.db);
  const repo = retakesRepository(ctx.db);
  const taking = examTakingRepository(ctx.db);
  const marking = markingRepository(ctx.db);
  const details = submissionDetails(ctx.db);

  return {
    /**
     * `POST /api/exams/{id}/retake`: each examinee gets one attempt more than the exam allows. The record
     * keeps the submission the retake follows (their latest final one, if any).
     */
    async retake(actor: Actor, examId: number, examineeIds: readonly number[]): Promise<RetakeResponse> {
      const exam = await exams.loadExam(actor, examId);
      assertCanMark(exam.access);
      const ids = [...new Set(examineeIds)];
      const students = await marking.examineeIdsAmong(exam.activity.courseId, ids);
      const strangers = ids.filter((id) => !students.has(id));
      if (strangers.length > 0) throw invalid({ examinee_ids: ['exams.retake.notExaminees'] });
      const [finals, makeup] = await Promise.all([
        taking.listFinal(exam.activity.id, { examineeIds: ids }),
        exam.settings.has_make_up_user ? taking.makeupUserIds(exam.activity.id) : new Set<number>(),
      ]);
      const created = await repo.insert(
        ids.map((id) => ({
          examId: exam.activity.id,
          examineeId: id,
          examType: makeup.has(id) ? ('makeup' as const) : ('exam' as const),
          submissionId: finals.filter((f) => f.examineeId === id).at(-1)?.id ?? null,
          operatorId: actor.userId,
        })),
      );
      const rows = await repo.findByIds(created);
      return { items: rows.map(presentRetakeRecord) };
    },

    /** `GET /api/exams/{examId}/retake-record`: newest first, 10 a page by default. */
    async records(actor: Actor, examId: number, query: RecordsQuery): Promise<RetakeRecordsResponse> {
      const exam = await exams.loadExam(actor, examId);
      assertCan(exam.access, 'activity.read_unpublished');
      const { rows, total } = await repo.page(exam.activity.id, {
        includeMakeup: query.include_make_up ?? true,
        limit: query.page_size,
        offset: (query.page - 1) * query.page_size,
      });
      return {
        items: rows.map(presentRetakeRecord),
        page: query.page,
        page_size: query.page_size,
        pages: Math.max(1, Math.ceil(total / query.page_size)),
        total,
      };
    },

    /** The record and the submission it followed, for `/exam/{id}/subjects#/retake-record-submission/{recordId}`. */
    async recordSubmission(
      actor: Actor,
      examId: number,
      recordId: number,
    ): Promise<RetakeRecordSubmissionResponse> {
      const exam = await exams.loadExam(actor, examId);
      assertCan(exam.access, 'activity.read_unpublished');
      const record = await repo.findById(recordId);
      if (!record || record.examId !== exam.activity.id) throw notFound('exams.retake.recordNotFound');
      const row = record.submissionId === null ? undefined : await taking.findSubmission(record.submissionId);
      const [submission] = row ? await details(exam, [row]) : [];
      return { record: presentRetakeRecord(record), submission: submission ?? null };
    },
  };
}
