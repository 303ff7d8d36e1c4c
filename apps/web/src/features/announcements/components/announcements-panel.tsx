import { PlusOutlined } from '@ant-design/icons';
import type { Announcement, AnnouncementInput } from '@lectern/contracts/announcements/announcements.schemas';
import { App, Button, Card, Flex, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageState, type PageStateProps } from '../../../shared/components/page-state.tsx';
import { useUpdateAnnouncement } from '../api/update-announcement.ts';
import { AnnouncementList } from './announcement-list.tsx';

// Only those who post open the form, and it carries the rich-text editor: fetched when first needed.
const AnnouncementFormModal = lazy(async () => ({
  default: (await import('./announcement-form-modal.tsx')).AnnouncementFormModal,
}));

/** A course's list carries its unread count; the organisation's does not. */
type AnnouncementListData = { announcements: Announcement[]; unread_count?: number };

type Dialog = { kind: 'create' } | { kind: 'edit'; announcement: Announcement };

export interface AnnouncementsPanelProps {
  title: string;
  /** 1 where the panel is the page (the organisation's notices), 2 under a course's own heading. */
  headingLevel?: 1 | 2;
  query: PageStateProps<AnnouncementListData>['query'];
  /** Offered to those who may post; the button is hidden otherwise. */
  create?: (input: AnnouncementInput) => Promise<Announcement>;
}

/** A titled list of announcements with its unread count, and the dialog to post or edit one. */
export function AnnouncementsPanel({ title, headingLevel = 2, query, create }: AnnouncementsPanelProps) {
  const { t } = useTranslation('announcements');
  const { message } = App.useApp();
  const update = useUpdateAnnouncement();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [open, setOpen] = useState(false);

  const show = (next: Dialog) => {
    setDialog(next);
    setOpen(true);
  };

  const submit = async (input: AnnouncementInput) => {
    if (dialog?.kind === 'edit') {
      await update.mutateAsync({ id: dialog.announcement.id, body: input });
      void message.success(t('form.saved'));
      return;
    }
    if (!create) return;
    const created = await create(input);
    void message.success(created.published ? t('form.created') : t('form.scheduled'));
  };

  const unread = query.data?.unread_count ?? 0;
  return (
    <Card>
      <Flex justify="space-between" align="center" wrap gap="small" style={{ marginBottom: 16 }}>
        <Flex align="baseline" gap={8} wrap>
          <Typography.Title level={headingLevel} style={{ fontSize: 20, margin: 0 }}>
            {title}
          </Typography.Title>
          {unread > 0 ? (
            <Typography.Text type="secondary">{t('page.unreadCount', { count: unread })}</Typography.Text>
          ) : null}
        </Flex>
        {create ? (
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => show({ kind: 'create' })}>
            {t('page.new')}
          </Button>
        ) : null}
      </Flex>
      <PageState
        query={query}
        isEmpty={(data) => data.announcements.length === 0}
        emptyDescription={t('page.empty')}
      >
        {(data) => (
          <AnnouncementList
            announcements={data.announcements}
            onEdit={(announcement) => show({ kind: 'edit', announcement })}
          />
        )}
      </PageState>
      {dialog ? (
        <Suspense fallback={null}>
          <AnnouncementFormModal
            open={open}
            announcement={dialog.kind === 'edit' ? dialog.announcement : undefined}
            onSubmit={submit}
            onClose={() => setOpen(false)}
            afterClose={() => setDialog(null)}
          />
        </Suspense>
      ) : null}
    </Card>
  );
}
