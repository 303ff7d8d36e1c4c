import { DeleteOutlined, UndoOutlined } from '@ant-design/icons';
import type { RecycleBinItem } from '@lectern/contracts/courses/recycle-bin.schemas';
import { App, Button, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/components/date-time.ts';
import { PageState } from '../../../shared/components/page-state.tsx';
import { ScrollableTable } from '../../../shared/components/scrollable-table.tsx';
import { useRecycleBin } from '../api/list-recycle-bin.ts';
import { usePurgeRecycleBinItem } from '../api/purge-recycle-bin-item.ts';
import { useRestoreRecycleBinItem } from '../api/restore-recycle-bin-item.ts';
import { useCurrentCourse } from '../public/use-current-course.ts';

const DAY_MS = 86_400_000;

/** Whole days left before the purge, never below zero (the purge may run a little after). */
function daysLeft(expiresAt: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / DAY_MS));
}

/**
 * The course's recycle bin (instructors only): what was deleted, by whom and until when it can be
 * restored with everything learners did in it, or deleted for good now.
 */
export function CourseRecycleBinPage() {
  // Activity type names live with the activities feature; its namespace is read, never its code.
  const { t } = useTranslation(['courses', 'activities']);
  const { message, modal } = App.useApp();
  const course = useCurrentCourse();
  const bin = useRecycleBin(course.id);
  const restore = useRestoreRecycleBinItem();
  const purge = usePurgeRecycleBinItem();
  // Counted from when the list was read, so rendering stays pure.
  const now = bin.dataUpdatedAt;

  const typeLabel = (item: RecycleBinItem) =>
    item.type === 'activity' && item.activity_type
      ? t(`activities:types.${item.activity_type}`, { defaultValue: t('recycleBin.types.activity') })
      : t(`recycleBin.types.${item.type}`);

  const confirmRestore = (item: RecycleBinItem) => {
    modal.confirm({
      title: t('recycleBin.restoreConfirm', { title: item.title }),
      content: t(
        item.type === 'module'
          ? 'recycleBin.restoreModuleDescription'
          : item.type === 'question'
            ? 'recycleBin.restoreQuestionDescription'
            : 'recycleBin.restoreDescription',
      ),
      okText: t('recycleBin.restore'),
      cancelText: t('shared:actions.cancel'),
      onOk: async () => {
        try {
          const result = await restore.mutateAsync({ courseId: course.id, itemId: item.id });
          void message.success(result.message);
        } catch (error) {
          void message.error((error as Error).message);
        }
      },
    });
  };

  const confirmPurge = (item: RecycleBinItem) => {
    modal.confirm({
      title: t('recycleBin.purgeConfirm', { title: item.title }),
      content: t('recycleBin.purgeDescription'),
      okText: t('recycleBin.purge'),
      okButtonProps: { danger: true },
      cancelText: t('shared:actions.cancel'),
      onOk: async () => {
        try {
          const result = await purge.mutateAsync({ courseId: course.id, itemId: item.id });
          void message.success(result.message);
        } catch (error) {
          void message.error((error as Error).message);
        }
      },
    });
  };

  const columns: TableColumnsType<RecycleBinItem> = [
    {
      title: t('recycleBin.fields.title'),
      dataIndex: 'title',
      render: (_, item) => (
        <Space orientation="vertical" size={0}>
          <span style={{ overflowWrap: 'anywhere' }}>{item.title}</span>
          {item.source && (
            <Typography.Text type="secondary" style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
              {t(item.source.type === 'exam' ? 'recycleBin.sourceExam' : 'recycleBin.sourceLibrary', {
                title: item.source.title,
              })}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('recycleBin.fields.type'),
      key: 'type',
      width: 150,
      render: (_, item) => <Tag style={{ marginInlineEnd: 0 }}>{typeLabel(item)}</Tag>,
    },
    {
      title: t('recycleBin.fields.deletedBy'),
      key: 'deleted_by',
      width: 140,
      render: (_, item) => item.deleted_by?.name ?? t('recycleBin.unknownPerson'),
    },
    {
      title: t('recycleBin.fields.deletedAt'),
      dataIndex: 'deleted_at',
      width: 170,
      render: (_, item) => formatDateTime(item.deleted_at),
    },
    {
      title: t('recycleBin.fields.expiresAt'),
      dataIndex: 'expires_at',
      width: 170,
      render: (_, item) => (
        <span title={formatDateTime(item.expires_at)}>
          {t('recycleBin.daysLeft', { count: daysLeft(item.expires_at, now) })}
        </span>
      ),
    },
    {
      title: t('recycleBin.fields.actions'),
      key: 'actions',
      fixed: 'right',
      width: 200,
      render: (_, item) => (
        <Space size={0} wrap>
          <Button
            type="link"
            icon={<UndoOutlined aria-hidden />}
            aria-label={t('recycleBin.restoreNamed', { title: item.title })}
            onClick={() => confirmRestore(item)}
          >
            {t('recycleBin.restore')}
          </Button>
          <Button
            type="link"
            danger
            icon={<DeleteOutlined aria-hidden />}
            aria-label={t('recycleBin.purgeNamed', { title: item.title })}
            onClick={() => confirmPurge(item)}
          >
            {t('recycleBin.purge')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={2} style={{ fontSize: 20, margin: 0 }}>
        {t('recycleBin.title')}
      </Typography.Title>
      <PageState query={bin}>
        {(data) => (
          <>
            <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
              {t('recycleBin.description', { count: data.retention_days })}
            </Typography.Paragraph>
            <ScrollableTable label={t('recycleBin.title')}>
              <Table<RecycleBinItem>
                rowKey="id"
                columns={columns}
                dataSource={data.items}
                loading={bin.isFetching && !bin.isPending}
                scroll={{ x: 900 }}
                // With scroll.x antd draws the empty row in colorTextDisabled (1.8:1); secondary text passes.
                locale={{
                  emptyText: <Typography.Text type="secondary">{t('recycleBin.empty')}</Typography.Text>,
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
