import type { CombinableCourse } from '@lectern/contracts/course-combining/course-combining.schemas';
import { Input, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCombinableCourses } from '../api/list-combinable-courses.ts';

export interface SelectCoursesStepProps {
  selected: number[];
  onChange: (ids: number[], courses: CombinableCourse[]) => void;
}

/** Step 1 (select = 0): the courses the instructor teaches; those already combined cannot be chosen. */
export function SelectCoursesStep({ selected, onChange }: SelectCoursesStepProps) {
  const { t } = useTranslation('course-combining');
  const [keyword, setKeyword] = useState('');
  const courses = useCombinableCourses(keyword);
  const rows = courses.data?.courses ?? [];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap>
        <Input.Search
          aria-label={t('wizard.search')}
          placeholder={t('wizard.searchPlaceholder')}
          allowClear
          onSearch={(value) => setKeyword(value.trim())}
          style={{ width: 280, maxWidth: '100%' }}
        />
        <Typography.Text type="secondary" aria-live="polite">
          {t('wizard.selected', { count: selected.length })}
        </Typography.Text>
      </Space>
      {/* A scroll box of our own: antd's `scroll.x` adds an aria-hidden measure row that would hold the
          selection checkboxes' focus targets (axe: aria-hidden-focus). */}
      <div
        role="region"
        aria-label={t('wizard.tableLabel')}
        tabIndex={0}
        style={{ overflowX: 'auto', minWidth: 0 }}
      >
        <Table<CombinableCourse>
          style={{ minWidth: 640 }}
          rowKey="id"
          size="middle"
          loading={courses.isLoading}
          dataSource={rows}
          pagination={false}
          locale={{ emptyText: t('wizard.empty') }}
          rowSelection={{
            selectedRowKeys: selected,
            onChange: (keys, chosen) => onChange(keys.map(Number), chosen),
            getCheckboxProps: (course) => ({
              disabled: course.parent_course_id !== null,
              'aria-label': course.display_name,
            }),
            preserveSelectedRowKeys: true,
          }}
          columns={[
            {
              key: 'name',
              title: t('wizard.columns.name'),
              render: (_, course) => (
                <Space wrap size="small">
                  <span>{course.display_name}</span>
                  {course.parent_course_id !== null ? (
                    <Tag>{t('wizard.alreadyCombined', { name: course.parent_course_name ?? '' })}</Tag>
                  ) : null}
                </Space>
              ),
            },
            { key: 'code', title: t('wizard.columns.code'), dataIndex: 'course_code' },
            { key: 'semester', title: t('wizard.columns.semester'), dataIndex: 'semester' },
            {
              key: 'students',
              title: t('wizard.columns.students'),
              dataIndex: 'students_count',
              align: 'right',
            },
          ]}
        />
      </div>
    </Space>
  );
}
