import { subCourseLabel } from '@lectern/contracts/course-combining/course-combining.rules';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCourseSubCourses } from '../api/get-course-sub-courses.ts';

/**
 * The assign-to-sub-course label of an activity in a combined course (spec 001 section 9): at most two
 * sub-course codes, long ones abbreviated, the rest as +N. Only in the instructor view (`teaching`), and
 * nothing for an activity shown to every sub-course.
 */
export function SubCourseLabel({
  courseId,
  activityId,
  teaching,
}: {
  courseId: number;
  activityId: number;
  teaching: boolean;
}) {
  const { t } = useTranslation('course-combining');
  const data = useCourseSubCourses(courseId, teaching);
  if (!teaching || !data.data?.combined) return null;
  const assigned = data.data.activity_assignments.find((a) => a.activity_id === activityId);
  if (!assigned || assigned.sub_course_ids.length === 0) return null;
  const codes = assigned.sub_course_ids.map((id) => {
    const course = data.data.sub_courses.find((c) => c.id === id);
    return course?.course_code ?? course?.display_name ?? String(id);
  });
  const label = subCourseLabel(codes);
  const text = [...label.codes, ...(label.more > 0 ? [`+${label.more}`] : [])].join(' ');
  return (
    <Tooltip title={t('label.assigned', { codes: codes.join(', ') })}>
      <Tag aria-label={t('label.assigned', { codes: codes.join(', ') })}>{text}</Tag>
    </Tooltip>
  );
}
