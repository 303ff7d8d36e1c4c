import type { ExtensionApp } from '@lectern/contracts/course-services/extension-apps.schemas';
import type { ExtensionAppRow } from './extension-apps.repository.ts';

export function presentExtensionApp(row: ExtensionAppRow): ExtensionApp {
  return {
    id: row.id,
    course_id: row.courseId,
    name: row.name,
    url: row.url,
    icon_url: row.iconUrl,
    visible_to_students: row.visibleToStudents,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
