import type {
  HomeworkMarkedAttachment,
  HomeworkStatusSchema,
  HomeworkSubmission,
  HomeworkSubmitter,
  PeerScore,
  ScoreRecord,
} from '@lectern/contracts/homework/homework.schemas';
import type { UploadReference } from '@lectern/contracts/uploads/upload.schemas';
import { referencePreviewPath, uploadPaths } from '@lectern/contracts/uploads/upload-paths';
import { HOMEWORK_STATUS } from '@lectern/contracts/homework/homework.rules';
import type { z } from 'zod';
import type { UploadRow } from '../uploads/uploads.repository.ts';
import type {
  MarkedAttachmentRow,
  PeerScoreRow,
  Person,
  SubmissionRow,
  SubmitterRow,
} from './homework.repository.ts';
import type { ScoreRecordRow } from './score-records.repository.ts';

type Status = z.infer<typeof HomeworkStatusSchema>;

const asStatus = (value: number): Status =>
  (value >= 1 && value <= 5 ? value : HOMEWORK_STATUS.unsubmitted) as Status;
const iso = (value: Date | null | undefined) => value?.toISOString() ?? null;

export type SubmissionView = {
  people: Map<number, Person>;
  groupNames: Map<number, string>;
  uploads: Map<number, UploadReference[]>;
  /** Whether the viewer sees the marking of this submission. */
  scoreVisible: boolean;
};

/** A hand-in or draft as its viewer may see it: the marking only when it is released to them. */
export function presentSubmission(row: SubmissionRow, view: SubmissionView): HomeworkSubmission {
  const student = row.userId !== null ? view.people.get(row.userId) : undefined;
  const submitter = row.submittedBy !== null ? view.people.get(row.submittedBy) : undefined;
  const marker = row.markedBy !== null ? view.people.get(row.markedBy) : undefined;
  const visible = view.scoreVisible;
  return {
    id: row.id,
    activity_id: row.activityId,
    student_id: row.userId,
    group_id: row.groupId,
    student: student ? { id: student.id, name: student.name, user_no: student.userNo } : null,
    group: row.groupId !== null ? { id: row.groupId, name: view.groupNames.get(row.groupId) ?? '' } : null,
    version: row.version,
    is_draft: row.isDraft,
    comment: row.comment,
    slides: row.slides,
    status: asStatus(row.status),
    is_late: row.isLate,
    score: visible ? row.score : null,
    final_score: visible ? row.finalScore : null,
    instructor_comment: visible ? row.instructorComment : null,
    rubric_score: visible ? row.rubricScore : null,
    is_score_visible: visible,
    is_marked: row.markedAt !== null,
    recommend: row.recommend ? 1 : 0,
    submitted_at: iso(row.submittedAt),
    submitted_by: submitter ? { id: submitter.id, name: submitter.name } : null,
    marked_by: visible && marker ? { id: marker.id, name: marker.name } : null,
    marked_at: visible ? iso(row.markedAt) : null,
    uploads: view.uploads.get(row.id) ?? [],
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export type SubmitterIdentity = {
  id: number;
  kind: 'student' | 'group';
  name: string;
  userNo: string | null;
  memberIds: number[];
};

/**
 * Where a submitter stands; `latest` is their latest hand-in (with its files' upload ids), `count` how
 * many they made.
 */
export function presentSubmitter(
  who: SubmitterIdentity,
  state: SubmitterRow | undefined,
  latest: SubmissionRow | undefined,
  scoreVisible: boolean,
  latestUploadIds: readonly number[],
): HomeworkSubmitter {
  const status = asStatus(state?.status ?? HOMEWORK_STATUS.unsubmitted);
  const handedIn = latest !== undefined && status !== HOMEWORK_STATUS.unsubmitted;
  return {
    id: who.id,
    kind: who.kind,
    name: who.name,
    user_no: who.userNo,
    member_ids: who.memberIds,
    status,
    mark_status: !handedIn ? 'unsubmitted' : latest.markedAt ? 'marked' : 'unmarked',
    recommend: state?.recommend ? 1 : 0,
    submission_count: state?.lastVersion ?? 0,
    latest_submission_id: latest?.id ?? null,
    latest_upload_ids: handedIn ? [...latestUploadIds] : [],
    score: scoreVisible ? (latest?.score ?? null) : null,
    final_score: scoreVisible ? (latest?.finalScore ?? null) : null,
    submitted_at: iso(latest?.submittedAt),
    make_up_end_time: iso(state?.makeUpEndTime),
  };
}

export function presentMarkedAttachment(row: {
  attachment: MarkedAttachmentRow;
  upload: UploadRow;
  referenceId: number;
  creatorName: string | null;
}): HomeworkMarkedAttachment {
  const { attachment, upload } = row;
  return {
    id: attachment.id,
    submission_id: attachment.submissionId,
    reference_id: row.referenceId,
    upload_id: upload.id,
    origin_upload_id: attachment.originUploadId,
    name: upload.name,
    size: upload.size,
    type: upload.type,
    mime_type: upload.mimeType,
    created_by:
      attachment.createdBy !== null ? { id: attachment.createdBy, name: row.creatorName ?? '' } : null,
    created_at: attachment.createdAt.toISOString(),
    updated_at: attachment.updatedAt.toISOString(),
    preview_url: referencePreviewPath({
      id: row.referenceId,
      upload_id: upload.id,
      name: upload.name,
      mime_type: upload.mimeType,
    }),
    blob_url: uploadPaths.referenceBlob(row.referenceId),
  };
}

export function presentScoreRecord(row: ScoreRecordRow): ScoreRecord {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    score_method: row.scoreMethod,
    version: row.version,
    old_score: row.oldScore,
    score: row.score,
    old_final_score: row.oldFinalScore,
    final_score: row.finalScore,
    operator_name: row.operatorName,
    operator_id: row.operatorId,
  };
}

export function presentPeerScore(row: PeerScoreRow, people: Map<number, Person>): PeerScore {
  const scorer = people.get(row.scorerId);
  return {
    id: row.id,
    kind: row.kind,
    scorer: { id: row.scorerId, name: scorer?.name ?? '', user_no: scorer?.userNo ?? '' },
    group_id: row.groupId,
    target_user_id: row.targetUserId,
    score: row.score,
    comment: row.comment,
    rubric_score: row.rubricScore,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
