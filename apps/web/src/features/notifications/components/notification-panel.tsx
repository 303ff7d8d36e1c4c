import { notificationLink, type Notification } from '@lectern/contracts/notifications/notifications.schemas';
import { Badge, Button, Flex, Spin, Typography } from 'antd';
import { useEffect, useId, useRef, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/components/date-time.ts';
import { formatRelativeTime } from '../../../shared/components/relative-time.ts';
import { currentLocale } from '../../../shared/i18n/i18n.ts';
import { useNotificationList } from '../api/list-notifications.ts';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read.ts';
import { useMarkNotificationRead } from '../api/mark-notification-read.ts';
import { notificationMessage } from './notification-message.ts';

/** Read by screen readers only: the dot says "unread" to the eye. */
const visuallyHidden: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
};

export interface NotificationPanelProps {
  unreadCount: number;
  /** Called when a notification's link is followed (the popover closes). */
  onNavigate: () => void;
  /** Escape: close and give focus back to the bell. */
  onClose: () => void;
}

/** The list inside the bell's popover: newest first, unread marked, each opening the activity it is about. */
export function NotificationPanel({ unreadCount, onNavigate, onClose }: NotificationPanelProps) {
  const { t } = useTranslation('notifications');
  const titleId = useId();
  const list = useNotificationList(true);
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  const items = list.data?.pages.flatMap((page) => page.notifications) ?? [];
  // The popover renders at the end of the page: focus moves into it so the keyboard can reach its items.
  // After a tick: the popover's container joins the page only after its content has mounted.
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    const timer = setTimeout(() => section.current?.focus());
    return () => clearTimeout(timer);
  }, []);

  const open = (notification: Notification) => {
    if (notification.read_at === null) markRead.mutate(notification.id);
    onNavigate();
  };

  return (
    <section
      ref={section}
      tabIndex={-1}
      aria-labelledby={titleId}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
      style={{ width: 'min(360px, calc(100vw - 32px))', outline: 'none' }}
    >
      <Flex align="center" justify="space-between" gap={8} style={{ marginBottom: 8 }}>
        <Typography.Text strong id={titleId}>
          {t('panel.title')}
        </Typography.Text>
        <Button
          size="small"
          type="link"
          disabled={unreadCount === 0}
          loading={markAllRead.isPending}
          onClick={() => markAllRead.mutate()}
        >
          {t('panel.markAllRead')}
        </Button>
      </Flex>
      <div style={{ maxHeight: '60vh', overflowY: 'auto' }}>
        {list.isPending ? (
          <Flex justify="center" style={{ padding: 16 }}>
            <span role="status" aria-label={t('shared:state.loading')}>
              <Spin />
            </span>
          </Flex>
        ) : list.isError ? (
          <Typography.Text type="danger">{t('panel.loadError')}</Typography.Text>
        ) : items.length === 0 ? (
          <Typography.Text type="secondary">{t('panel.empty')}</Typography.Text>
        ) : (
          <ul aria-labelledby={titleId} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {items.map((notification, index) => {
              const unread = notification.read_at === null;
              const link = notificationLink(notification);
              const text = notificationMessage(t, notification);
              return (
                <li
                  key={notification.id}
                  style={{
                    padding: '8px 0',
                    borderTop: index === 0 ? undefined : '1px solid rgba(5, 5, 5, 0.06)',
                  }}
                >
                  <Flex gap={8} align="flex-start">
                    <Badge
                      status={unread ? 'processing' : 'default'}
                      style={{ visibility: unread ? 'visible' : 'hidden', marginTop: 4 }}
                      aria-hidden
                    />
                    <Flex vertical gap={2} style={{ minWidth: 0, flex: 1 }}>
                      {unread && <span style={visuallyHidden}>{t('panel.unread')}</span>}
                      {link ? (
                        <Link
                          to={link}
                          onClick={() => open(notification)}
                          style={{ fontWeight: unread ? 600 : 400, overflowWrap: 'anywhere' }}
                        >
                          {text}
                        </Link>
                      ) : (
                        <Typography.Text strong={unread} style={{ overflowWrap: 'anywhere' }}>
                          {text}
                        </Typography.Text>
                      )}
                      <Flex align="center" justify="space-between" gap={8} wrap>
                        <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis>
                          {notification.payload.course_name ? `${notification.payload.course_name} · ` : ''}
                          <time
                            dateTime={notification.created_at}
                            title={formatDateTime(notification.created_at)}
                          >
                            {formatRelativeTime(notification.created_at, currentLocale())}
                          </time>
                        </Typography.Text>
                        {unread && (
                          <Button
                            size="small"
                            type="link"
                            style={{ paddingInline: 0 }}
                            onClick={() => markRead.mutate(notification.id)}
                          >
                            {t('panel.markRead')}
                          </Button>
                        )}
                      </Flex>
                    </Flex>
                  </Flex>
                </li>
              );
            })}
          </ul>
        )}
        {list.hasNextPage && (
          <Button
            block
            type="text"
            loading={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            {t('panel.loadMore')}
          </Button>
        )}
      </div>
    </section>
  );
}
