import { isCourseCoverUrl } from '@lectern/contracts/courses/cover-url';
import type {
  Classification,
  CurriculumAdmin,
  CurriculumCard,
  PublicCatalogResponse,
  PublicCourseCard,
  PublicCourseDetail,
  PublicCourseSummary,
} from '@lectern/contracts/public-listings/public-listings.schemas';
import type { CurriculumRow, PublicCourseRow } from './public-listings.repository.ts';

/** An air-classroom course or curriculum carries this credit state (spec 001 section 3, "air flag"). */
export const AIR_CREDIT_STATE = 'air';

function shownCover(cover: string | null): string | null {
  return cover !== null && isCourseCoverUrl(cover) ? cover : null;
}

export function presentClassification(row: { id: number; name: string; sort: number }): Classification {
  return { id: row.id, name: row.name, sort: row.sort };
}

export function presentPublicCourse(row: PublicCourseRow): PublicCourseCard {
  return {
    id: row.id,
    name: row.name,
    display_name: row.displayName ?? row.name,
    cover: shownCover(row.cover),
    // No thumbnail is stored apart from the cover; clients fall back to `cover` (spec: "small_cover or cover").
    small_cover: null,
    classification_id: row.classificationId,
    // The live nodes of the course's knowledge graph (deleted ones stay as rows for its history).
    knowledge_node_count: row.knowledgeNodeCount,
    activity_count: row.activityCount,
    student_count: row.studentCount,
    module_count: row.moduleCount,
    syllabus_count: row.syllabusCount,
    chapter_count: row.moduleCount + row.syllabusCount,
    public_scope: row.publicScope,
    paid: row.signUpChargeAmount !== null,
    sign_up_charge_amount: row.signUpChargeAmount,
    certification_title: row.certificationTitle,
    instructors: row.instructors,
    start_date: row.startDate,
    end_date: row.endDate,
    is_started: row.isStarted,
    air: row.creditState === AIR_CREDIT_STATE,
  };
}

export function presentPublicCourseDetail(
  row: PublicCourseRow,
  outline: {
    modules: { id: number; name: string; sort: number }[];
    syllabi: { id: number; summary: string; moduleId: number; sort: number }[];
  },
): PublicCourseDetail {
  return {
    ...presentPublicCourse(row),
    second_name: row.secondName,
    course_code: row.courseCode,
    credit: row.credit,
    classroom_schedule: row.classroomSchedule,
    modules: outline.modules.map((m) => ({
      id: m.id,
      name: m.name,
      sort: m.sort,
      syllabuses: outline.syllabi
        .filter((s) => s.moduleId === m.id)
        .map((s) => ({ id: s.id, summary: s.summary, module_id: s.moduleId, sort: s.sort })),
    })),
  };
}

export function presentCatalog(
  rows: {
    id: number;
    title: string;
    type: string;
    moduleId: number | null;
    syllabusId: number | null;
    startTime: Date | null;
    endTime: Date | null;
  }[],
): PublicCatalogResponse {
  return {
    activities: rows.map((a) => ({
      id: a.id,
      title: a.title,
      type: a.type,
      module_id: a.moduleId,
      syllabus_id: a.syllabusId,
      start_time: a.startTime?.toISOString() ?? null,
      end_time: a.endTime?.toISOString() ?? null,
    })),
  };
}

export function presentCurriculum(row: CurriculumRow): CurriculumCard {
  return {
    id: row.id,
    name: row.name,
    cover: shownCover(row.cover),
    classification_id: row.classificationId,
    public_scope: row.publicScope,
    paid: row.signUpChargeAmount !== null,
    sign_up_charge_amount: row.signUpChargeAmount,
    certification_title: row.certificationTitle,
    start_date: row.startDate,
    is_started: row.isStarted,
    air: row.creditState === AIR_CREDIT_STATE,
    course_count: row.courseCount,
  };
}

export function presentCurriculumAdmin(row: CurriculumRow, courseIds: number[]): CurriculumAdmin {
  return { ...presentCurriculum(row), course_ids: courseIds, credit_state: row.creditState };
}

export function presentCourseSummary(row: PublicCourseRow): PublicCourseSummary {
  return {
    course_id: row.id,
    student_count: row.studentCount,
    activity_count: row.activityCount,
    module_count: row.moduleCount,
    syllabus_count: row.syllabusCount,
    chapter_count: row.moduleCount + row.syllabusCount,
    knowledge_node_count: row.knowledgeNodeCount,
  };
}
