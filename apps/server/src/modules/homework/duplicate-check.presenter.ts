import type {
  DuplicatePair,
  DuplicateSubmitter,
  ThirdPartyCheck,
} from '@lectern/contracts/homework/duplicate-check.schemas';
import type { CurrentSubmission, PairRow, ThirdPartyRow } from './duplicate-check.repository.ts';

/** A submitter as the check names them: the student, or the group for group homework. */
export function presentSubmitter(submission: CurrentSubmission): DuplicateSubmitter {
  return {
    target_id: submission.groupId ?? submission.userId ?? 0,
    name: submission.name,
    user_no: submission.groupId ? null : submission.userNo,
  };
}

export function presentPair(
  pair: PairRow,
  a: CurrentSubmission,
  b: CurrentSubmission,
  counts: { a: number; b: number },
): DuplicatePair {
  return {
    id: pair.id,
    a: { ...presentSubmitter(a), submission_id: pair.submissionA, rate: pair.rateA, fingerprints: counts.a },
    b: { ...presentSubmitter(b), submission_id: pair.submissionB, rate: pair.rateB, fingerprints: counts.b },
    rate: pair.rate,
    shared: pair.shared,
    checked_at: pair.checkedAt.toISOString(),
  };
}

export function presentThirdParty(
  row: ThirdPartyRow & { fileName: string },
  submitter: CurrentSubmission,
): ThirdPartyCheck {
  return {
    submission_id: row.submissionId,
    submitter: presentSubmitter(submitter),
    upload_id: row.uploadId,
    file_name: row.fileName,
    status: row.status,
    similarity: row.similarity,
    report_url: row.reportUrl,
    updated_at: row.updatedAt.toISOString(),
  };
}
