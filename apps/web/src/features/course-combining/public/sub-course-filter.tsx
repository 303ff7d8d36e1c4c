import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCourseSubCourses } from '../api/get-course-sub-courses.ts';

/**
 * Splits a combined course's view by sub-course (spec 001: "statistics and gradebook can be split by
 * sub-course"): every sub-course, or one of them. Nothing for an ordinary course.
 */
export function SubCourseFilter({
  courseId,
  value,
  onChange,
}: {
  courseId: number;
  value: number | null;
  onChange: (subCourseId: number | null) => void;
}) {
  const { t } = useTranslation('course-combining');
  const data = useCourseSubCourses(courseId);
  if (!data.data?.combined) return null;
  const options = [
    { value: 0, label: t('label.everyone') },
    ...data.data.sub_courses.map((course) => ({
      value: course.id,
      label: course.course_code ? `${course.display_name} (${course.course_code})` : course.display_name,
    })),
  ];
  return (
    <Select
      aria-label={t('filter.label')}
      value={value ?? 0}
      options={options}
      onChange={(next: number) => onChange(next === 0 ? null : next)}
      popupMatchSelectWidth={false}
      style={{ minWidth: 200 }}
    />
  );
}
