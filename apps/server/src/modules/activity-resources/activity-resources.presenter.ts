import {
  ACTIVITY_RESOURCE_PARENT,
  type ActivityResource,
  type ActivityResourceStatistics,
} from '@lectern/contracts/activity-resources/activity-resources.schemas';
import type { ResourceRow } from './activity-resources.repository.ts';

export function presentResource(
  row: ResourceRow,
  rights: { canDownload: boolean; canDelete: boolean; deleteProtected: boolean },
  statistics: ActivityResourceStatistics | undefined,
): ActivityResource {
  const { reference, upload, creator } = row;
  return {
    id: upload.id,
    reference_id: reference.id,
    ref_parent_id: reference.parentId,
    parent_type: ACTIVITY_RESOURCE_PARENT,
    name: reference.name,
    type: upload.type,
    size: upload.size,
    created_by: { name: creator.name, user_no: creator.userNo },
    created_by_id: reference.createdBy,
    uploaded_at: reference.createdAt.toISOString(),
    allow_download: reference.allowDownload,
    can_download: rights.canDownload,
    can_delete: rights.canDelete,
    cloud_recording: row.cloudRecording,
    delete_protected: rights.deleteProtected,
    ...(statistics ? { statistics } : {}),
  };
}
