import { Progress, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatPoints } from '../subject-editor/subject-labels.ts';

export interface PointsUsedProps {
  used: number;
  total: number;
  /** The question being typed, counted on top of `used` (it is not saved yet). */
  adding?: number | undefined;
}

/**
 * "Points used / total" of a paper (spec 000 section 9: 100 by default). Over the total it turns red,
 * since the server refuses a question that does not fit.
 */
export function PointsUsed({ used, total, adding }: PointsUsedProps) {
  const { t } = useTranslation('exams');
  const sum = Math.round((used + (adding ?? 0)) * 10) / 10;
  const over = sum > total + 1e-9;
  return (
    <Space size={8} align="center" role="status" aria-live="polite">
      <Typography.Text type={over ? 'danger' : undefined} strong>
        {t('points.used', { used: formatPoints(sum), total: formatPoints(total) })}
      </Typography.Text>
      <Progress
        percent={total > 0 ? Math.min(100, (sum / total) * 100) : 0}
        status={over ? 'exception' : sum >= total ? 'success' : 'normal'}
        showInfo={false}
        size="small"
        style={{ width: 120, margin: 0 }}
        aria-hidden
      />
      {over && (
        <Typography.Text type="danger">{t('points.over', { total: formatPoints(total) })}</Typography.Text>
      )}
    </Space>
  );
}
