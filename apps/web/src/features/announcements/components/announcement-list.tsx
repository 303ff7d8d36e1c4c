import { DeleteOutlined, EditOutlined, PushpinFilled } from '@ant-design/icons';
import type { Announcement } from '@lectern/contracts/announcements/announcements.schemas';
import { App, Badge, Button, Collapse, Flex, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, PICKER_DATE_TIME_FORMAT } from '../../../shared/components/date-time.ts';
import { RenderedHtml } from '../../../shared/components/rendered-html.tsx';
import { AttachmentList } from '../../uploads/public/attachment-list.tsx';
import { useDeleteAnnouncement } from '../api/delete-announcement.ts';
import { useMarkAnnouncementRead } from '../api/mark-announcement-read.ts';

export interface AnnouncementListProps {
  announcements: readonly Announcement[];
  onEdit: (announcement: Announcement) => void;
}

function AnnouncementHeader({ announcement }: { announcement: Announcement }) {
  const { t } = useTranslation('announcements');
  const unread = announcement.published && announcement.read_at === null;
  return (
    <Flex vertical gap={4} style={{ minWidth: 0 }}>
      <Flex align="center" gap={8} wrap>
        {unread ? <Badge status="processing" aria-hidden /> : null}
        <Typography.Text strong={unread} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
          {announcement.title}
        </Typography.Text>
        {unread ? <Tag color="blue">{t('item.unread')}</Tag> : null}
        {announcement.pinned ? (
          <Tag icon={<PushpinFilled aria-hidden />} color="gold">
            {t('item.pinned')}
          </Tag>
        ) : null}
        {announcement.published ? null : (
          <Tag color="orange">
            {t('item.scheduled', { time: formatDateTime(announcement.publish_at, PICKER_DATE_TIME_FORMAT) })}
          </Tag>
        )}
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('item.byline', {
          name: announcement.created_by.name,
          time: formatDateTime(announcement.publish_at, PICKER_DATE_TIME_FORMAT),
        })}
      </Typography.Text>
    </Flex>
  );
}

function AnnouncementBody({ announcement, onEdit }: { announcement: Announcement; onEdit: () => void }) {
  const { t } = useTranslation('announcements');
  const { message, modal } = App.useApp();
  const remove = useDeleteAnnouncement();
  const confirmDelete = () => {
    modal.confirm({
      title: t('item.deleteConfirm', { title: announcement.title }),
      okText: t('item.delete'),
      okButtonProps: { danger: true },
      cancelText: t('shared:actions.cancel'),
      onOk: async () => {
        try {
          await remove.mutateAsync(announcement.id);
          void message.success(t('item.deleted'));
        } catch (error) {
          void message.error((error as Error).message);
        }
      },
    });
  };
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <RenderedHtml html={announcement.content} />
      {announcement.attachments.length > 0 ? (
        <section aria-label={t('item.attachments')}>
          <AttachmentList attachments={announcement.attachments} />
        </section>
      ) : null}
      {announcement.can_manage ? (
        <Space wrap>
          <Button icon={<EditOutlined aria-hidden />} onClick={onEdit}>
            {t('item.edit')}
          </Button>
          <Button danger icon={<DeleteOutlined aria-hidden />} onClick={confirmDelete}>
            {t('item.delete')}
          </Button>
        </Space>
      ) : null}
    </Space>
  );
}

/**
 * Announcements as a list of titles that open in place; opening an unread one marks it read. Narrow
 * screens keep one column: the header wraps its tags under the title.
 */
export function AnnouncementList({ announcements, onEdit }: AnnouncementListProps) {
  const markRead = useMarkAnnouncementRead();
  const [open, setOpen] = useState<string[]>([]);

  const onChange = (keys: string | string[]) => {
    const next = Array.isArray(keys) ? keys : [keys];
    for (const key of next) {
      if (open.includes(key)) continue;
      const opened = announcements.find((a) => String(a.id) === key);
      if (opened?.published && opened.read_at === null) markRead.mutate(opened.id);
    }
    setOpen(next);
  };

  return (
    <Collapse
      activeKey={open}
      onChange={onChange}
      items={announcements.map((announcement) => ({
        key: String(announcement.id),
        label: <AnnouncementHeader announcement={announcement} />,
        children: <AnnouncementBody announcement={announcement} onEdit={() => onEdit(announcement)} />,
      }))}
    />
  );
}
