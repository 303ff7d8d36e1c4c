import type { H5LearnerState, H5Package } from '@lectern/contracts/h5-courseware/h5-courseware.schemas';
import type { H5PackageRow, H5StateRow } from './h5-courseware.repository.ts';

export function presentPackage(row: H5PackageRow, name: string): H5Package {
  return {
    upload_id: row.uploadId,
    name,
    kind: row.kind,
    entry: row.entry,
    file_count: Object.keys(row.files).length,
    total_bytes: row.totalBytes,
  };
}

const COMPLETION = ['completed', 'incomplete', 'not_attempted', 'unknown'] as const;
const SUCCESS = ['passed', 'failed', 'unknown'] as const;

export function presentState(
  activityId: number,
  uploadId: number,
  row: H5StateRow | undefined,
  completed: boolean,
): H5LearnerState {
  const completion = COMPLETION.find((s) => s === row?.completionStatus) ?? 'not_attempted';
  const success = SUCCESS.find((s) => s === row?.successStatus) ?? 'unknown';
  return {
    activity_id: activityId,
    upload_id: uploadId,
    base64State: row?.base64State ?? null,
    completion_status: completion,
    success_status: success,
    score_raw: row?.scoreRaw ?? null,
    score_min: row?.scoreMin ?? null,
    score_max: row?.scoreMax ?? null,
    score_percent: row?.scorePercent ?? null,
    progress: row?.progress ?? 0,
    completed,
    updated_at: row ? row.updatedAt.toISOString() : null,
  };
}
