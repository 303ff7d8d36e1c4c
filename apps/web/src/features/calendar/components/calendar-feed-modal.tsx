import { App, Button, Flex, Input, Modal, Popconfirm, Space, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/components/date-time.ts';
import { ErrorState, LoadingState } from '../../../shared/components/page-state.tsx';
import { useCreateCalendarFeed } from '../api/create-calendar-feed.ts';
import { useCalendarFeed } from '../api/get-calendar-feed.ts';
import { useRevokeCalendarFeed } from '../api/revoke-calendar-feed.ts';

/**
 * The user's iCalendar feed (issue 18): a secret URL calendar apps subscribe to. The server keeps only a
 * hash of it, so the URL can be shown only when it is made; seeing it again means making a new one, which
 * ends the old one — as does turning the feed off.
 */
function CalendarFeedBody() {
  const { t } = useTranslation('calendar');
  const { message } = App.useApp();
  const linkId = useId();
  const status = useCalendarFeed();
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const [url, setUrl] = useState<string | null>(null);

  if (status.isPending) return <LoadingState />;
  if (status.isError) {
    return (
      <ErrorState error={status.error} onRetry={() => void status.refetch()} retrying={status.isRefetching} />
    );
  }

  const make = () =>
    create.mutate(undefined, {
      onSuccess: (created) => setUrl(new URL(created.path, window.location.origin).href),
      onError: (error) => void message.error(error.message),
    });
  const turnOff = () =>
    revoke.mutate(undefined, {
      onSuccess: () => {
        setUrl(null);
        void message.success(t('feed.revoked'));
      },
      onError: (error) => void message.error(error.message),
    });
  const copy = async (link: string) => {
    try {
      await navigator.clipboard.writeText(link);
      void message.success(t('feed.copied'));
    } catch {
      void message.error(t('feed.copyFailed'));
    }
  };

  const active = status.data.active;
  return (
    <Flex vertical gap={12}>
      <Typography.Paragraph style={{ margin: 0 }}>{t('feed.intro')}</Typography.Paragraph>
      <Typography.Paragraph type="warning" style={{ margin: 0 }}>
        {t('feed.secret')}
      </Typography.Paragraph>
      {url ? (
        <Flex vertical gap={4}>
          <label htmlFor={linkId}>{t('feed.link')}</label>
          <Space.Compact style={{ width: '100%' }}>
            <Input id={linkId} readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
            <Button type="primary" onClick={() => void copy(url)}>
              {t('feed.copy')}
            </Button>
          </Space.Compact>
          <Typography.Text type="secondary">{t('feed.shownOnce')}</Typography.Text>
        </Flex>
      ) : active ? (
        <Typography.Text>
          {t('feed.activeSince', {
            time: status.data.created_at ? formatDateTime(status.data.created_at, 'YYYY-MM-DD HH:mm') : '—',
          })}
        </Typography.Text>
      ) : (
        <Typography.Text type="secondary">{t('feed.none')}</Typography.Text>
      )}
      <Space wrap>
        {active ? (
          <>
            <Popconfirm title={t('feed.regenerateConfirm')} onConfirm={make}>
              <Button loading={create.isPending}>{t('feed.regenerate')}</Button>
            </Popconfirm>
            <Popconfirm title={t('feed.revokeConfirm')} onConfirm={turnOff}>
              <Button danger loading={revoke.isPending}>
                {t('feed.revoke')}
              </Button>
            </Popconfirm>
          </>
        ) : (
          <Button type="primary" loading={create.isPending} onClick={make}>
            {t('feed.create')}
          </Button>
        )}
      </Space>
    </Flex>
  );
}

export function CalendarFeedModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('calendar');
  return (
    <Modal title={t('feed.title')} open={open} onCancel={onClose} footer={null} destroyOnHidden>
      <CalendarFeedBody />
    </Modal>
  );
}
