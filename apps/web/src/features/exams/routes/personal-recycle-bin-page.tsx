import { ArrowLeftOutlined, DeleteOutlined, UndoOutlined } from '@ant-design/icons';
import type { RecycleBinItem } from '@lectern/contracts/courses/recycle-bin.schemas';
import { App, Button, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/components/date-time.ts';
import { PageState } from '../../../shared/components/page-state.tsx';
import { ScrollableTable } from '../../../shared/components/scrollable-table.tsx';
import {
  usePersonalBinAction,
  usePersonalRecycleBin,
  type PersonalBinAction,
} from '../api/personal-recycle-bin.ts';

const DAY_MS = 86_400_000;

/** Whole days left before the purge, never below zero (the purge may run a little after). */
function daysLeft(expiresAt: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / DAY_MS));
}

/**
 * `/subject-libs/recycle-bin`: questions deleted from the viewer's personal libraries (decision 0015),
 * restorable until the retention ends, or deleted for good now. Only their owner sees them.
 */
export function PersonalRecycleBinPage() {
  const { t } = useTranslation('exams');
  const { message, modal } = App.useApp();
  const bin = usePersonalRecycleBin();
  const act = usePersonalBinAction();
  // Counted from when the list was read, so rendering stays pure.
  const now = bin.dataUpdatedAt;

  const confirm = (item: RecycleBinItem, action: PersonalBinAction) => {
    modal.confirm({
      title: t(action === 'restore' ? 'personalBin.restoreConfirm' : 'personalBin.purgeConfirm', {
        title: item.title,
      }),
      content: t(action === 'restore' ? 'personalBin.restoreDescription' : 'personalBin.purgeDescription'),
      okText: t(action === 'restore' ? 'personalBin.restore' : 'personalBin.purge'),
      okButtonProps: action === 'purge' ? { danger: true } : {},
      cancelText: t('shared:actions.cancel'),
      onOk: async () => {
        try {
          const result = await act.mutateAsync({ itemId: item.id, action });
          void message.success(result.message);
        } catch (error) {
          void message.error((error as Error).message);
        }
      },
    });
  };

  const columns: TableColumnsType<RecycleBinItem> = [
    {
      title: t('personalBin.fields.question'),
      dataIndex: 'title',
      render: (_, item) => (
        <Space orientation="vertical" size={0}>
          <span style={{ overflowWrap: 'anywhere' }}>{item.title}</span>
          {item.source && (
            <Typography.Text type="secondary" style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
              {t('personalBin.source', { title: item.source.title })}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('personalBin.fields.deletedAt'),
      dataIndex: 'deleted_at',
      width: 170,
      render: (_, item) => formatDateTime(item.deleted_at),
    },
    {
      title: t('personalBin.fields.expiresAt'),
      dataIndex: 'expires_at',
      width: 150,
      render: (_, item) => (
        <span title={formatDateTime(item.expires_at)}>
          {t('personalBin.daysLeft', { count: daysLeft(item.expires_at, now) })}
        </span>
      ),
    },
    {
      title: t('personalBin.fields.actions'),
      key: 'actions',
      fixed: 'right',
      width: 200,
      render: (_, item) => (
        <Space size={0} wrap>
          <Button
            type="link"
            icon={<UndoOutlined aria-hidden />}
            aria-label={t('personalBin.restoreNamed', { title: item.title })}
            onClick={() => confirm(item, 'restore')}
          >
            {t('personalBin.restore')}
          </Button>
          <Button
            type="link"
            danger
            icon={<DeleteOutlined aria-hidden />}
            aria-label={t('personalBin.purgeNamed', { title: item.title })}
            onClick={() => confirm(item, 'purge')}
          >
            {t('personalBin.purge')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Link to="/subject-libs">
        <ArrowLeftOutlined aria-hidden /> {t('personalBin.back')}
      </Link>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('personalBin.title')}
      </Typography.Title>
      <PageState query={bin}>
        {(data) => (
          <>
            <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
              {t('personalBin.description', { count: data.retention_days })}
            </Typography.Paragraph>
            <ScrollableTable label={t('personalBin.title')}>
              <Table<RecycleBinItem>
                rowKey="id"
                columns={columns}
                dataSource={data.items}
                loading={bin.isFetching && !bin.isPending}
                scroll={{ x: 700 }}
                // With scroll.x antd draws the empty row in colorTextDisabled (1.8:1); secondary text passes.
                locale={{
                  emptyText: <Typography.Text type="secondary">{t('personalBin.empty')}</Typography.Text>,
                }}
                pagination={{ hideOnSinglePage: true, defaultPageSize: 20 }}
              />
            </ScrollableTable>
          </>
        )}
      </PageState>
    </Space>
  );
}
