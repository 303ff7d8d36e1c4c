import type { Estimate } from '@lectern/contracts/course-services/course-estimates.schemas';
import { App, Button, Card, Flex, List, Pagination, Popconfirm, Rate, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/components/page-state.tsx';
import { useCurrentCourse } from '../../courses/public/use-current-course.ts';
import { useDeleteCourseEstimate } from '../api/delete-course-estimate.ts';
import { useCourseEstimates } from '../api/list-course-estimates.ts';
import { useSaveCourseEstimate } from '../api/save-course-estimate.ts';
import { EstimateForm } from '../components/estimate-form.tsx';

/**
 * `/course/:courseId/reviews`: the course's reviews, newest first, with the average. A student writes or
 * edits their one review here; the teaching team may remove any review (moderation).
 */
export function CourseReviewsPage() {
  const { t } = useTranslation('course-services');
  const { message } = App.useApp();
  const course = useCurrentCourse();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState(false);
  const estimates = useCourseEstimates(course.id, page);
  const save = useSaveCourseEstimate(course.id);
  const remove = useDeleteCourseEstimate(course.id);

  if (estimates.isPending) return <LoadingState />;
  if (estimates.isError)
    return <ErrorState error={estimates.error} onRetry={() => void estimates.refetch()} />;
  const data = estimates.data;
  const mine = data.my_estimate;

  const removeButton = (estimate: Estimate) =>
    estimate.can_delete ? (
      <Popconfirm
        key="delete"
        title={t('reviews.deleteConfirm')}
        onConfirm={async () => {
          await remove.mutateAsync(estimate.id);
          void message.success(t('reviews.deleted'));
        }}
      >
        <Button size="small" danger>
          {t('reviews.delete')}
        </Button>
      </Popconfirm>
    ) : null;

  return (
    <Flex vertical gap={16} style={{ paddingTop: 16 }}>
      <Typography.Title level={2} style={{ fontSize: 20, margin: 0 }}>
        {t('reviews.title')}
      </Typography.Title>
      <Flex align="center" gap={12} wrap>
        <Rate disabled allowHalf value={data.average_score ?? 0} aria-label={t('reviews.average')} />
        <Typography.Text>
          {data.average_score === null
            ? t('reviews.noAverage')
            : t('reviews.averageValue', { score: data.average_score, count: data.total })}
        </Typography.Text>
      </Flex>
      {(data.can_create || (mine && editing)) && (
        <Card size="small" title={mine ? t('reviews.editMine') : t('reviews.writeTitle')}>
          <EstimateForm
            mine={mine}
            onSave={async (body) => {
              await save.mutateAsync({ estimateId: mine?.id ?? null, body });
              setEditing(false);
            }}
            onCancel={mine ? () => setEditing(false) : undefined}
          />
        </Card>
      )}
      {mine && !editing && (
        <Card
          size="small"
          title={t('reviews.mine')}
          extra={
            mine.can_edit ? (
              <Button size="small" onClick={() => setEditing(true)}>
                {t('reviews.edit')}
              </Button>
            ) : null
          }
        >
          <Rate disabled value={mine.score} aria-label={t('reviews.scoreValue', { score: mine.score })} />
          <Typography.Paragraph style={{ marginTop: 8, marginBottom: 0, whiteSpace: 'pre-wrap' }}>
            {mine.content}
          </Typography.Paragraph>
        </Card>
      )}
      {data.estimates.length === 0 ? (
        <EmptyState description={t('reviews.empty')} />
      ) : (
        <List<Estimate>
          dataSource={data.estimates}
          renderItem={(estimate) => (
            <List.Item actions={[removeButton(estimate)].filter(Boolean)}>
              <List.Item.Meta
                title={
                  <Flex gap={8} align="center" wrap>
                    <span>{estimate.created_by.name}</span>
                    <Rate
                      disabled
                      value={estimate.score}
                      style={{ fontSize: 14 }}
                      aria-label={t('reviews.scoreValue', { score: estimate.score })}
                    />
                  </Flex>
                }
                description={<span style={{ whiteSpace: 'pre-wrap' }}>{estimate.content}</span>}
              />
            </List.Item>
          )}
        />
      )}
      {data.total > data.page_size && (
        <Pagination
          current={page}
          pageSize={data.page_size}
          total={data.total}
          onChange={setPage}
          showSizeChanger={false}
        />
      )}
    </Flex>
  );
}
