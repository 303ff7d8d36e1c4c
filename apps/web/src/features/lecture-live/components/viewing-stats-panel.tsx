import type {
  LectureLiveDetail,
  ViewingStatsResponse,
} from '@lectern/contracts/lecture-live/lecture-live.schemas';
import { Card, Col, Row, Statistic, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/components/date-time.ts';
import { ScrollableTable } from '../../../shared/components/scrollable-table.tsx';
import { useViewingStats } from '../api/get-viewing-stats.ts';

type Viewer = ViewingStatsResponse['viewers'][number];

/** Watched time as a clock (1:02:03, or 2:03 under an hour): the same in every language. */
export function formatWatched(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(s % 60)}` : `${minutes}:${pad(s % 60)}`;
}

/**
 * The teaching team's viewing statistics: totals, then each viewer's live and replay time, fed by the
 * players' 10-second beats.
 */
export function ViewingStatsPanel({ live }: { live: LectureLiveDetail }) {
  const { t } = useTranslation('lecture-live');
  const query = useViewingStats(live.id, {
    enabled: live.can_manage,
    live: live.status === 'live_in_progress',
  });
  const stats = query.data;
  return (
    <section aria-label={t('stats.title')}>
      <Typography.Title level={3} style={{ fontSize: 16 }}>
        {t('stats.title')}
      </Typography.Title>
      {query.isError ? (
        <Typography.Text type="danger">{t('stats.loadFailed')}</Typography.Text>
      ) : !stats ? (
        <Typography.Text type="secondary">{t('stats.loading')}</Typography.Text>
      ) : (
        <>
          <Row gutter={[12, 12]} style={{ marginBottom: 12 }}>
            <Col xs={24} sm={8}>
              <Card size="small">
                <Statistic
                  title={t('stats.viewers')}
                  value={t('stats.viewersOf', { viewers: stats.viewer_count, students: stats.student_count })}
                />
              </Card>
            </Col>
            <Col xs={12} sm={8}>
              <Card size="small">
                <Statistic title={t('stats.totalLive')} value={formatWatched(stats.total_live_seconds)} />
              </Card>
            </Col>
            <Col xs={12} sm={8}>
              <Card size="small">
                <Statistic title={t('stats.totalReplay')} value={formatWatched(stats.total_replay_seconds)} />
              </Card>
            </Col>
          </Row>
          <ScrollableTable label={t('stats.tableLabel')}>
            <Table<Viewer>
              size="small"
              rowKey="user_id"
              dataSource={stats.viewers}
              pagination={stats.viewers.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
              scroll={{ x: 520 }}
              locale={{ emptyText: t('stats.empty') }}
              columns={[
                { title: t('stats.name'), dataIndex: 'name', key: 'name' },
                { title: t('stats.userNo'), dataIndex: 'user_no', key: 'user_no' },
                {
                  title: t('stats.liveTime'),
                  dataIndex: 'live_seconds',
                  key: 'live_seconds',
                  align: 'right',
                  sorter: (a, b) => a.live_seconds - b.live_seconds,
                  render: (value: number) => formatWatched(value),
                },
                {
                  title: t('stats.replayTime'),
                  dataIndex: 'replay_seconds',
                  key: 'replay_seconds',
                  align: 'right',
                  sorter: (a, b) => a.replay_seconds - b.replay_seconds,
                  render: (value: number) => formatWatched(value),
                },
                {
                  title: t('stats.lastVisit'),
                  dataIndex: 'last_visit_at',
                  key: 'last_visit_at',
                  render: (value: string) => formatDateTime(value),
                },
              ]}
            />
          </ScrollableTable>
        </>
      )}
    </section>
  );
}
