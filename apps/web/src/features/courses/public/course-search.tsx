import { SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { AutoComplete, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { myCoursesQueryOptions } from '../api/list-my-courses.ts';

const DEBOUNCE_MS = 300;
const MAX_RESULTS = 8;

/**
 * The header's search over the courses the user belongs to (teaching and learning), using the my-courses
 * keyword filter; choosing a course opens it.
 */
export function CourseSearch({
  onNavigate,
  width = 240,
}: {
  onNavigate?: () => void;
  width?: number | string;
}) {
  const { t } = useTranslation('courses');
  const navigate = useNavigate();
  const [draft, setDraft] = useState('');
  const [keyword, setKeyword] = useState('');

  useEffect(() => {
    const timer = setTimeout(() => setKeyword(draft.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft]);

  const results = useQuery({
    ...myCoursesQueryOptions({ page: 1, page_size: MAX_RESULTS, conditions: { keyword } }),
    enabled: keyword.length > 0,
  });
  const courses = keyword ? (results.data?.courses ?? []) : [];

  const open = (id: number) => {
    setDraft('');
    onNavigate?.();
    void navigate(`/course/${id}`);
  };

  return (
    <AutoComplete
      value={draft}
      onChange={setDraft}
      onSelect={(value: string) => open(Number(value))}
      options={courses.map((course) => ({ value: String(course.id), label: course.display_name }))}
      notFoundContent={keyword && results.isSuccess ? t('search.empty') : null}
      popupMatchSelectWidth={false}
      style={{ width }}
    >
      <Input
        role="combobox"
        aria-label={t('search.label')}
        placeholder={t('search.placeholder')}
        prefix={<SearchOutlined aria-hidden />}
        allowClear
      />
    </AutoComplete>
  );
}
