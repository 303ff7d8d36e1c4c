import { DownOutlined, MergeCellsOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCombinableCourses } from '../api/list-combinable-courses.ts';

/**
 * The way into combining from the course list (/user/courses): the wizard, and the content merge of each
 * combined course the instructor's courses are in. Shown only where the user teaches.
 */
export function CombineCoursesEntry({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation('course-combining');
  const navigate = useNavigate();
  const courses = useCombinableCourses('', enabled);
  if (!enabled) return null;
  const parents = new Map<number, string>();
  for (const course of courses.data?.courses ?? []) {
    if (course.parent_course_id !== null)
      parents.set(course.parent_course_id, course.parent_course_name ?? '');
  }
  const combine = (
    <Button icon={<MergeCellsOutlined aria-hidden />} onClick={() => void navigate('/combine-course/step-1')}>
      {t('entry.combine')}
    </Button>
  );
  if (parents.size === 0) return combine;
  return (
    <Space.Compact>
      {combine}
      <Dropdown
        menu={{
          items: [...parents].map(([id, name]) => ({ key: String(id), label: t('entry.merge', { name }) })),
          onClick: ({ key }) => void navigate(`/combine-course/${key}/merge`),
        }}
      >
        <Button aria-label={t('entry.more')} icon={<DownOutlined aria-hidden />} />
      </Dropdown>
    </Space.Compact>
  );
}
