import type { RecycleBinItem } from '@lectern/contracts/courses/recycle-bin.schemas';
import type { RecycleBinListRow } from './recycle-bin.repository.ts';

export function presentRecycleBinItem(row: RecycleBinListRow, retentionMs: number): RecycleBinItem {
  return {
    id: row.id,
    course_id: row.courseId,
    type: row.itemType,
    item_id: row.itemId,
    title: row.title,
    activity_type: row.activityType,
    source:
      row.sourceType !== null && row.sourceId !== null
        ? { type: row.sourceType, id: row.sourceId, title: row.sourceTitle ?? '' }
        : null,
    deleted_at: row.deletedAt.toISOString(),
    deleted_by:
      row.deletedBy !== null && row.deletedByName !== null
        ? { id: row.deletedBy, name: row.deletedByName }
        : null,
    expires_at: new Date(row.deletedAt.getTime() + retentionMs).toISOString(),
  };
}
