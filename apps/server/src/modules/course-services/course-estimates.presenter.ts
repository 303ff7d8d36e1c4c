import type { Estimate, EstimateReply } from '@lectern/contracts/course-services/course-estimates.schemas';
import { canDeleteOwnOrModerate, canEditEstimate, type EstimateViewer } from './course-estimates.policy.ts';
import type { EstimateReplyRow, EstimateRow } from './course-estimates.repository.ts';

export function presentEstimate(row: EstimateRow, viewer: EstimateViewer): Estimate {
  return {
    id: row.id,
    course_id: row.courseId,
    score: row.score,
    content: row.content,
    created_by: { id: row.userId, name: row.authorName, avatar_small_url: row.authorAvatar },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    reply_count: row.replyCount,
    can_edit: canEditEstimate(viewer, row.userId),
    can_delete: canDeleteOwnOrModerate(viewer, row.userId),
  };
}

export function presentReply(row: EstimateReplyRow, viewer: EstimateViewer): EstimateReply {
  return {
    id: row.id,
    estimate_id: row.estimateId,
    content: row.content,
    created_by: { id: row.userId, name: row.authorName, avatar_small_url: row.authorAvatar },
    created_at: row.createdAt.toISOString(),
    can_delete: canDeleteOwnOrModerate(viewer, row.userId),
  };
}
