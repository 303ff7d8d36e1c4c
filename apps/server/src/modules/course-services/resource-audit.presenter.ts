import type {
  AuditReference,
  ResourceAuditCourse,
} from '@lectern/contracts/course-services/resource-audit.schemas';
import type { AuditCourseRow, AuditReferenceRow } from './resource-audit.repository.ts';

/** Raw statements bring timestamps as Date (node-postgres) or text (PGlite); the wire wants ISO. */
function iso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

export function presentAuditCourse(row: AuditCourseRow): ResourceAuditCourse {
  const counts = { agree: Number(row.agree), reject: Number(row.reject), auditing: Number(row.auditing) };
  return {
    id: Number(row.id),
    code: row.course_code,
    name: row.name,
    cover: row.cover,
    owner_id: row.created_by === null ? null : Number(row.created_by),
    created_at: iso(row.created_at),
    activity_count: Number(row.activity_count),
    resource_count: counts.agree + counts.reject + counts.auditing,
    audit_status: row.audit_status,
    audit_counts: counts,
  };
}

export function presentAuditReference(row: AuditReferenceRow): AuditReference {
  const activities =
    typeof row.activities === 'string'
      ? (JSON.parse(row.activities) as { id: number; title: string }[])
      : row.activities;
  return {
    upload_id: Number(row.upload_id),
    name: row.name,
    size: Number(row.size),
    mime_type: row.mime_type,
    uploaded_by: { id: Number(row.uploader_id), name: row.uploader_name },
    activities,
    shared: row.shared,
    audit_status: row.status,
    audit_remark: row.remark,
    reviewed_at: row.reviewed_at === null ? null : iso(row.reviewed_at),
  };
}
