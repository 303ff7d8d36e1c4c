import type { ExamData } from '@lectern/contracts/exams/exam-settings';
import type { Exam, ExamListItem, ExamType } from '@lectern/contracts/exams/exam.schemas';
import type { SubjectSummary } from '@lectern/contracts/exams/subject.schemas';
import type { ActivityDetailRow, ActivityRow } from '../activities/activities.repository.ts';
import type { CourseSubjectRow } from './exams.repository.ts';

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** Spec 001 "Exam/group item" defaults: completion value 0, no make-up users. */
export function presentExamListItem(
  row: ActivityRow,
  settings: ExamData,
  subjectsCount: number,
): ExamListItem {
  return {
    id: row.id,
    type: row.type as ExamType,
    title: row.title,
    module_id: row.moduleId,
    syllabus_id: row.syllabusId,
    start_time: iso(row.startTime),
    end_time: iso(row.endTime),
    published: row.published,
    group_set_id: settings.group_set_id ?? null,
    completion_criterion_key: row.completionCriterionKey,
    completion_criterion_value: row.completionCriterionValue ?? 0,
    has_make_up_user: settings.has_make_up_user,
    total_points: settings.total_points,
    submit_times: settings.submit_times,
    subjects_count: subjectsCount,
  };
}

export type ExamPapers = {
  usedPoints: number;
  makeupUsedPoints: number;
  subjectsCount: number;
  makeupSubjectsCount: number;
  locked: boolean;
  makeupLocked: boolean;
};

export function presentExam(
  row: ActivityDetailRow,
  settings: ExamData,
  papers: ExamPapers,
  canEdit: boolean,
  now: Date = new Date(),
): Exam {
  return {
    id: row.id,
    type: row.type as ExamType,
    course_id: row.courseId,
    module_id: row.moduleId,
    module_name: row.moduleName,
    syllabus_id: row.syllabusId,
    syllabus_summary: row.syllabusSummary,
    title: row.title,
    start_time: iso(row.startTime),
    end_time: iso(row.endTime),
    published: row.published,
    is_started: row.startTime === null || row.startTime.getTime() <= now.getTime(),
    is_closed: row.endTime !== null && row.endTime.getTime() <= now.getTime(),
    sort: row.sort,
    completion_criterion_key: row.completionCriterionKey,
    completion_criterion_value: row.completionCriterionValue ?? 0,
    created_by: { id: row.createdBy, name: row.creatorName },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    description: settings.description ?? null,
    total_points: settings.total_points,
    submit_times: settings.submit_times,
    score_rule: settings.score_rule,
    announce_answer_type: settings.announce_answer_type,
    announce_answer_time: isoOrNull(settings.announce_answer_time),
    announce_score_type: settings.announce_score_type,
    announce_score_time: isoOrNull(settings.announce_score_time),
    random_subject_order: settings.random_subject_order,
    random_option_order: settings.random_option_order,
    display_mode: settings.display_mode,
    group_set_id: settings.group_set_id ?? null,
    has_make_up_user: settings.has_make_up_user,
    used_points: papers.usedPoints,
    makeup_used_points: papers.makeupUsedPoints,
    subjects_count: papers.subjectsCount,
    makeup_subjects_count: papers.makeupSubjectsCount,
    subjects_locked: papers.locked,
    makeup_subjects_locked: papers.makeupLocked,
    can_edit: canEdit,
  };
}

/** Settings keep the time as sent (any offset); the wire sends UTC. */
function isoOrNull(value: string | null | undefined): string | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** Spec 000 section 3, "Question summary". `total` is the question's points. */
export function presentSubjectSummary(row: CourseSubjectRow): SubjectSummary {
  return {
    id: row.id,
    subjectId: row.id,
    description: row.description,
    type: row.type,
    difficultyLevel: row.difficultyLevel,
    total: row.point,
    activity: { title: row.activityTitle, moduleName: row.moduleName },
    publishStatus: row.published ? 'published' : 'unpublished',
  };
}
