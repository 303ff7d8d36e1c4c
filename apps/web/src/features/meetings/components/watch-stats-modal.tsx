import { Button, Modal, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/components/date-time.ts';
import { useWatchStats } from '../api/get-watch-stats.ts';

/** The Dingtalk live statistics instructors open from the detail page. */
export function WatchStatsModal({
  activityId,
  open,
  onClose,
}: {
  activityId: number;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('meetings');
  const stats = useWatchStats(activityId, open);
  return (
    <Modal
      open={open}
      title={t('watchStats.title')}
      onCancel={onClose}
      width={900}
      footer={<Button onClick={onClose}>{t('common.close')}</Button>}
    >
      <Typography.Paragraph role="status">
        {t('watchStats.summary', {
          viewers: stats.data?.viewer_count ?? 0,
          watches: stats.data?.watch_count ?? 0,
        })}
      </Typography.Paragraph>
      <Table
        rowKey="user_no"
        size="small"
        loading={stats.isFetching}
        dataSource={stats.data?.viewers ?? []}
        pagination={false}
        scroll={{ y: 610 }}
        columns={[
          { key: 'name', title: t('participants.userName'), dataIndex: 'user_name' },
          { key: 'no', title: t('participants.userNo'), dataIndex: 'user_no' },
          { key: 'count', title: t('watchStats.count'), dataIndex: 'watch_count' },
          {
            key: 'first',
            title: t('watchStats.first'),
            dataIndex: 'first_watched_at',
            render: (value: string) => formatDateTime(value),
          },
        ]}
      />
    </Modal>
  );
}
