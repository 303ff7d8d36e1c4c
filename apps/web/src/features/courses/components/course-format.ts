import type { CourseRole } from '@lectern/contracts/courses/course-roles';
import { formatDateTime } from '../../../shared/components/date-time.ts';

/** Course start and end are calendar dates (YYYY-MM-DD on the wire), shown without a time. */
export const COURSE_DATE_FORMAT = 'YYYY-MM-DD';

export function formatCourseDate(value: string | null | undefined): string {
  return formatDateTime(value, COURSE_DATE_FORMAT);
}

interface Named {
  name: string;
  code?: string;
}

/** "2024-2025 Autumn": the academic year makes a semester name unambiguous. */
export function semesterLabel(
  academicYear: Named | null | undefined,
  semester: Named | null | undefined,
): string {
  if (!semester) return '';
  if (!academicYear) return semester.name;
  // Semester names often already carry the year ("2026-2027 第一学期"); saying it twice reads as a glitch.
  const yearAlreadyNamed =
    semester.name.includes(academicYear.name) ||
    ('code' in academicYear && semester.name.includes(String(academicYear.code)));
  return yearAlreadyNamed ? semester.name : `${academicYear.name} ${semester.name}`;
}

/** Tag colours of the course roles, most privileged warmest. */
export const ROLE_COLORS: Record<CourseRole, string> = {
  instructor: 'gold',
  instructor_assistant: 'orange',
  student_assistant: 'cyan',
  student: 'blue',
  customer: 'default',
};

export const CHIEF_INSTRUCTOR_COLOR = 'volcano';
