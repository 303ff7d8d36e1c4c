import type { Rollcall } from '@lectern/contracts/rollcalls/rollcalls.schemas';
import { Button, Card, Flex, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatDateTime } from '../../../shared/components/date-time.ts';
import { ErrorState, LoadingState } from '../../../shared/components/page-state.tsx';
import { useCourseRollcalls } from '../api/list-course-rollcalls.ts';
import { useStopRollcall } from '../api/stop-rollcall.ts';
import { CreateRollcallModal } from './create-rollcall-modal.tsx';
import { RollcallRoster } from './rollcall-roster.tsx';
import { RollcallTags } from './rollcall-tags.tsx';

/** The teaching team's roll calls: start one, open it on the projector, stop it, mark students, export. */
export function InstructorRollcalls({ courseId }: { courseId: number }) {
  const { t } = useTranslation('rollcalls');
  const list = useCourseRollcalls(courseId);
  const stop = useStopRollcall();
  const [creating, setCreating] = useState(false);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const navigate = useNavigate();

  if (list.isPending) return <LoadingState />;
  if (list.isError) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  const rollcalls = list.data.rollcalls;
  const selected = rollcalls.find((r) => r.id === selectedId) ?? rollcalls[0];
  const projector = (r: Rollcall) => `/course/${courseId}/rollcalls/${r.id}/projector`;

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={2} style={{ margin: 0, fontSize: 20 }}>
          {t('page.title')}
        </Typography.Title>
        <Space wrap>
          <Button href={`/api/courses/${courseId}/rollcalls/export`} download>
            {t('page.export')}
          </Button>
          <Button type="primary" onClick={() => setCreating(true)}>
            {t('page.new')}
          </Button>
        </Space>
      </Flex>
      <Card size="small">
        <Table<Rollcall>
          rowKey="id"
          size="small"
          dataSource={rollcalls}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('page.empty') }}
          columns={[
            {
              key: 'title',
              title: t('create.name'),
              render: (_, r) => (
                <Space wrap>
                  <span>{r.title}</span>
                  <RollcallTags rollcall={r} />
                </Space>
              ),
            },
            {
              key: 'count',
              title: t('list.checkedIn'),
              render: (_, r) => t('list.count', { count: r.count, total: r.student_count }),
            },
            {
              key: 'started',
              title: t('list.started'),
              render: (_, r) => (r.started_at ? formatDateTime(r.started_at) : ''),
            },
            {
              key: 'actions',
              title: t('list.actions'),
              render: (_, r) => (
                <Space wrap>
                  <Button
                    type="link"
                    onClick={() => setSelectedId(r.id)}
                    aria-pressed={selected?.id === r.id}
                  >
                    {t('list.roster')}
                  </Button>
                  {r.status === 'in_progress' ? <Link to={projector(r)}>{t('list.projector')}</Link> : null}
                  {r.status === 'in_progress' ? (
                    <Button danger type="link" loading={stop.isPending} onClick={() => stop.mutate(r.id)}>
                      {t('list.stop')}
                    </Button>
                  ) : null}
                </Space>
              ),
            },
          ]}
        />
      </Card>
      {selected ? <RollcallRoster key={selected.id} rollcall={selected} /> : null}
      <CreateRollcallModal
        courseId={courseId}
        open={creating}
        onClose={() => setCreating(false)}
        onStarted={(r) => {
          setSelectedId(r.id);
          // Started in front of the class: the next thing to show is the code.
          void navigate(projector(r));
        }}
      />
    </Flex>
  );
}
