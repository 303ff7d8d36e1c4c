import { UndoOutlined } from '@ant-design/icons';
import type { RecycleBinItem } from '@lectern/contracts/courses/recycle-bin.schemas';
import { App, Button, List, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/components/date-time.ts';
import { useDeletedCourses } from '../api/list-deleted-courses.ts';
import { useRestoreRecycleBinItem } from '../api/restore-recycle-bin-item.ts';

/**
 * Deleted courses have no course page left to hold their recycle bin, so their owners and instructors
 * find them here, beside the courses they teach, and restore them until they are purged.
 */
export function DeletedCoursesButton({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation('courses');
  const { message } = App.useApp();
  const deleted = useDeletedCourses(enabled);
  const restore = useRestoreRecycleBinItem();
  const [open, setOpen] = useState(false);
  const items = deleted.data?.items ?? [];
  if (items.length === 0) return null;

  const onRestore = (item: RecycleBinItem) => {
    restore.mutate(
      // A deleted course's item always names its course; only personal-bin items have none.
      { courseId: item.course_id ?? item.item_id, itemId: item.id },
      {
        onSuccess: (result) => void message.success(result.message),
        onError: (error) => void message.error(error.message),
      },
    );
  };

  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('deletedCourses.open', { count: items.length })}</Button>
      <Modal
        open={open}
        title={t('deletedCourses.title')}
        footer={null}
        onCancel={() => setOpen(false)}
        width={560}
      >
        <Typography.Paragraph type="secondary">
          {t('deletedCourses.description', { count: deleted.data?.retention_days ?? 0 })}
        </Typography.Paragraph>
        <List<RecycleBinItem>
          dataSource={items}
          renderItem={(item) => (
            <List.Item
              actions={[
                <Button
                  key="restore"
                  type="link"
                  icon={<UndoOutlined aria-hidden />}
                  loading={restore.isPending && restore.variables.itemId === item.id}
                  aria-label={t('recycleBin.restoreNamed', { title: item.title })}
                  onClick={() => onRestore(item)}
                >
                  {t('recycleBin.restore')}
                </Button>,
              ]}
            >
              <List.Item.Meta
                title={<span style={{ overflowWrap: 'anywhere' }}>{item.title}</span>}
                description={t('deletedCourses.deletedOn', {
                  time: formatDateTime(item.deleted_at),
                  until: formatDateTime(item.expires_at),
                })}
              />
            </List.Item>
          )}
        />
      </Modal>
    </>
  );
}
