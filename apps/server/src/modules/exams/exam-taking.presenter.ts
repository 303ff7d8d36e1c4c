import type {
  CorrectAnswer,
  ExamSubmission,
  ExamSubmissionSummary,
  MarkedAttachment,
} from '@lectern/contracts/exams/exam-taking.schemas';
import type { SubjectTree } from './subjects.repository.ts';
import type { SubmissionWithInstance } from './exam-taking.repository.ts';
import type { Visibility } from './exam-taking.policy.ts';

export type MarkedAttachmentRow = {
  id: number;
  submissionId: number;
  subjectId: number | null;
  uploadId: number;
  name: string;
  size: number;
  type: string;
  createdBy: number | null;
  creatorName: string | null;
  createdAt: Date;
};

export function presentAttachment(row: MarkedAttachmentRow): MarkedAttachment {
  return {
    id: row.id,
    submission_id: row.submissionId,
    subject_id: row.subjectId,
    upload_id: row.uploadId,
    name: row.name,
    size: row.size,
    type: row.type,
    created_by: row.createdBy === null ? null : { id: row.createdBy, name: row.creatorName ?? '' },
    created_at: row.createdAt.toISOString(),
  };
}

/** The right answers of a paper's questions (and sub-questions), for a released review or a marker. */
export function correctAnswersOf(trees: readonly SubjectTree[]): CorrectAnswer[] {
  const one = (tree: SubjectTree): CorrectAnswer => {
    const optionIdBySort = new Map(tree.options.map((o) => [o.sort, o.id]));
    return {
      subject_id: tree.id,
      parent_id: tree.parentId,
      answer_option_ids:
        tree.type === 'matching' ? [] : tree.options.filter((o) => o.isAnswer).map((o) => o.id),
      blanks: tree.blanks.map((b) => ({ sort: b.sort, answers: b.answers })),
      pairs: tree.pairs.map((p) => ({ sort: p.sort, option_id: optionIdBySort.get(p.option_sort) ?? null })),
      answer: tree.answer,
      answer_explanation: tree.answerExplanation,
    };
  };
  return trees.flatMap((tree) => [one(tree), ...tree.subSubjects.map(one)]);
}

/**
 * A submission for one viewer: scores, comments and marked files only when scores are visible to them,
 * the right answers only when those are.
 */
export function presentSubmission(
  row: SubmissionWithInstance,
  visibility: Visibility,
  extras: { correctAnswers: CorrectAnswer[] | null; attachments: MarkedAttachmentRow[] },
): ExamSubmission {
  const scores = visibility.scores;
  return {
    id: row.id,
    exam_id: row.activityId,
    instance_id: row.instanceId,
    examinee_id: row.examineeId,
    examinee: { id: row.examinee.id, user_no: row.examinee.userNo, name: row.examinee.name },
    group_id: row.groupId,
    is_makeup_exam: row.isMakeup,
    attempt: row.attempt,
    status: row.status,
    submission_data: row.submissionData,
    draft_data: row.draftData,
    score_data: scores ? row.scoreData : null,
    comment_data: scores && row.commentData ? presentComment(row.commentData) : null,
    marked_attachments: scores ? extras.attachments.map(presentAttachment) : [],
    submitted_at: row.submittedAt?.toISOString() ?? null,
    score: scores ? row.score : null,
    auto_score: scores ? row.autoScore : null,
    mark_status: row.markStatus,
    score_released: visibility.scores,
    answers_released: visibility.answers,
    correct_answers_data:
      visibility.answers && extras.correctAnswers ? { correct_answers: extras.correctAnswers } : null,
  };
}

function presentComment(data: NonNullable<SubmissionWithInstance['commentData']>) {
  return { comment: data.comment ?? null, subject_comments: data.subject_comments ?? {} };
}

export function presentSummary(row: SubmissionWithInstance, visibility: Visibility): ExamSubmissionSummary {
  return {
    id: row.id,
    exam_id: row.activityId,
    instance_id: row.instanceId,
    examinee: { id: row.examinee.id, user_no: row.examinee.userNo, name: row.examinee.name },
    group_id: row.groupId,
    attempt: row.attempt,
    is_makeup_exam: row.isMakeup,
    submitted_at: row.submittedAt?.toISOString() ?? null,
    score: visibility.scores ? row.score : null,
    mark_status: row.markStatus,
  };
}
