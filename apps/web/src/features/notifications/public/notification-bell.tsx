import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Popover } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnreadCount } from '../api/get-unread-count.ts';
import { NotificationPanel } from '../components/notification-panel.tsx';

/**
 * The header's bell: the unread count (asked every minute and whenever the tab comes back), opening the
 * list of notifications. The list is fetched only while open.
 */
export function NotificationBell() {
  const { t } = useTranslation('notifications');
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const unread = useUnreadCount().data?.unread_count ?? 0;

  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      arrow={false}
      destroyOnHidden
      content={<NotificationPanel unreadCount={unread} onNavigate={() => setOpen(false)} onClose={close} />}
    >
      <Button
        ref={button}
        type="text"
        aria-label={unread > 0 ? t('bell.labelUnread', { count: unread }) : t('bell.label')}
        aria-haspopup="dialog"
        aria-expanded={open}
        icon={
          <Badge count={unread} size="small" overflowCount={99}>
            <BellOutlined aria-hidden style={{ fontSize: 18 }} />
          </Badge>
        }
      />
    </Popover>
  );
}
