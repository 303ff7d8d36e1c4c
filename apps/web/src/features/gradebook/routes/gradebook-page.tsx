import { DownloadOutlined } from '@ant-design/icons';
import { COMBINED_COURSE_TYPE } from '@lectern/contracts/course-combining/course-combining.rules';
import { Button, Flex, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageState } from '../../../shared/components/page-state.tsx';
import { SubCourseFilter } from '../../course-combining/public/sub-course-filter.tsx';
import { useCurrentCourse } from '../../courses/public/use-current-course.ts';
import { gradebookExportUrl } from '../api/export-gradebook.ts';
import { useGradebook } from '../api/get-gradebook.ts';
import { GradebookTable } from '../components/gradebook-table.tsx';
import { MyGrades } from '../components/my-grades.tsx';

/**
 * `/course/:courseId/grades`: the teaching team's gradebook (weights, totals, export), or a student's own
 * released grades. Which one is the server's answer (`view`), not a guess from roles.
 */
export function GradebookPage() {
  const { t } = useTranslation('gradebook');
  const course = useCurrentCourse();
  // A combined course's team may split the table by sub-course.
  const [subCourseId, setSubCourseId] = useState<number | null>(null);
  const gradebook = useGradebook(course.id, subCourseId);
  const teaching = gradebook.data?.view === 'all';

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Flex justify="space-between" align="center" wrap gap="small">
        <Typography.Title level={2} style={{ fontSize: 20, margin: 0 }}>
          {t('title')}
        </Typography.Title>
        {teaching ? (
          <Space wrap>
            {course.course_type === COMBINED_COURSE_TYPE ? (
              <SubCourseFilter courseId={course.id} value={subCourseId} onChange={setSubCourseId} />
            ) : null}
            <Button
              icon={<DownloadOutlined aria-hidden />}
              href={gradebookExportUrl(course.id, 'csv', subCourseId)}
            >
              {t('export.csv')}
            </Button>
            <Button
              icon={<DownloadOutlined aria-hidden />}
              href={gradebookExportUrl(course.id, 'xlsx', subCourseId)}
            >
              {t('export.xlsx')}
            </Button>
          </Space>
        ) : null}
      </Flex>
      <PageState
        query={gradebook}
        isEmpty={(data) => data.view === 'all' && data.items.length === 0}
        emptyDescription={t('empty')}
      >
        {(data) =>
          data.view === 'all' ? (
            <GradebookTable
              courseId={course.id}
              items={data.items}
              rows={data.rows}
              canEditWeights={course.can_manage && !course.simulating}
            />
          ) : (
            <MyGrades courseId={course.id} items={data.items} row={data.rows[0]} />
          )
        }
      </PageState>
    </Space>
  );
}
