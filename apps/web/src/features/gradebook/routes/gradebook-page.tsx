import { DownloadOutlined } from '@ant-design/icons';
import { Button, Flex, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageState } from '../../../shared/components/page-state.tsx';
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
  const gradebook = useGradebook(course.id);
  const teaching = gradebook.data?.view === 'all';

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Flex justify="space-between" align="center" wrap gap="small">
        <Typography.Title level={2} style={{ fontSize: 20, margin: 0 }}>
          {t('title')}
        </Typography.Title>
        {teaching ? (
          <Space wrap>
            <Button icon={<DownloadOutlined aria-hidden />} href={gradebookExportUrl(course.id, 'csv')}>
              {t('export.csv')}
            </Button>
            <Button icon={<DownloadOutlined aria-hidden />} href={gradebookExportUrl(course.id, 'xlsx')}>
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
