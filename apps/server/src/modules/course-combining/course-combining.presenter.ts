import type {
  CombinableCourse,
  CourseToMerge,
  MergeTreeModule,
  SubCourse,
} from '@lectern/contracts/course-combining/course-combining.schemas';
import type { SubCourseRow } from './course-combining.repository.ts';

export function presentCombinable(row: {
  id: number;
  name: string;
  displayName: string | null;
  courseCode: string | null;
  cover: string | null;
  semester: string | null;
  studentsCount: number;
  parentCourseId: number | null;
  parentName: string | null;
}): CombinableCourse {
  return {
    id: row.id,
    name: row.name,
    display_name: row.displayName ?? row.name,
    course_code: row.courseCode,
    cover: row.cover,
    semester: row.semester,
    students_count: row.studentsCount,
    parent_course_id: row.parentCourseId,
    parent_course_name: row.parentName,
  };
}

export function presentSubCourse(
  row: SubCourseRow,
  studentsCount: number,
  instructors: { id: number; name: string }[],
): SubCourse {
  return {
    id: row.id,
    name: row.name,
    display_name: row.displayName ?? row.name,
    course_code: row.courseCode,
    students_count: studentsCount,
    instructors,
    merged: row.mergedAt !== null,
    inspected: row.inspectedAt !== null,
  };
}

type TreeRows = {
  modules: { id: number; courseId: number; name: string }[];
  syllabi: { id: number; moduleId: number; summary: string }[];
  activities: { id: number; moduleId: number; syllabusId: number | null; title: string; type: string }[];
};

/** Each sub-course with the sections still in it, each section with its parts and activities. */
export function presentCoursesToMerge(subCourses: readonly SubCourseRow[], rows: TreeRows): CourseToMerge[] {
  const modulesByCourse = new Map<number, MergeTreeModule[]>();
  const moduleById = new Map<number, MergeTreeModule>();
  for (const module of rows.modules) {
    const presented: MergeTreeModule = { id: module.id, name: module.name, syllabuses: [], activities: [] };
    moduleById.set(module.id, presented);
    const list = modulesByCourse.get(module.courseId) ?? [];
    list.push(presented);
    modulesByCourse.set(module.courseId, list);
  }
  for (const syllabus of rows.syllabi) {
    moduleById.get(syllabus.moduleId)?.syllabuses.push({ id: syllabus.id, summary: syllabus.summary });
  }
  for (const activity of rows.activities) {
    moduleById.get(activity.moduleId)?.activities.push({
      id: activity.id,
      title: activity.title,
      type: activity.type,
      syllabus_id: activity.syllabusId,
    });
  }
  return subCourses.map((course) => ({
    id: course.id,
    name: course.displayName ?? course.name,
    course_code: course.courseCode,
    merged: course.mergedAt !== null,
    inspected: course.inspectedAt !== null,
    modules: modulesByCourse.get(course.id) ?? [],
  }));
}
