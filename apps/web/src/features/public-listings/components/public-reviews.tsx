import { Card, Rate, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/components/date-time.ts';
import { usePublicEstimates } from '../api/get-public-estimates.ts';

/** A public course's average rating and newest reviews; nothing when it cannot be read or has none. */
export function PublicReviews({ courseId }: { courseId: number }) {
  const { t } = useTranslation('public-listings');
  const estimates = usePublicEstimates(courseId);
  const data = estimates.data;
  if (!data || data.total === 0) return null;
  return (
    <Card
      title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('reviews.title')}</h2>}
      size="small"
      style={{ marginTop: 16 }}
    >
      <Typography.Paragraph>
        {t('reviews.average', { score: (data.average_score ?? 0).toFixed(1), count: data.total })}
      </Typography.Paragraph>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {data.estimates.map((estimate) => (
          <li key={estimate.id} style={{ padding: '8px 0', borderTop: '1px solid #f0f0f0' }}>
            <Rate disabled value={estimate.score} style={{ fontSize: 14 }} />
            <Typography.Paragraph style={{ margin: '4px 0 0', whiteSpace: 'pre-wrap' }}>
              {estimate.content}
            </Typography.Paragraph>
            <Typography.Text type="secondary">
              {estimate.created_by.name} · {formatDateTime(estimate.created_at, 'YYYY-MM-DD')}
            </Typography.Text>
          </li>
        ))}
      </ul>
    </Card>
  );
}
