import { Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RenderedHtml } from '../../../shared/components/rendered-html.tsx';
import { useAlertPopup } from '../api/get-alert-popup.ts';
import { useCurrentUser } from './get-current-user.ts';

/** Seen versions are kept in the browser per user: a saved notice is a new version, shown once more. */
export function alertSeenKey(orgId: number, userId: number): string {
  return `lectern.alert-popup.${orgId}.${userId}`;
}

function readSeen(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The organisation's notice (spec 000 section 7), shown once per version after the user signs in. */
export function AlertPopupNotice() {
  const { t } = useTranslation('identity');
  const { data: me } = useCurrentUser();
  const popup = useAlertPopup(me?.org_id);
  const [dismissed, setDismissed] = useState<string | null>(null);

  if (!me || !popup.data) return null;
  const { enabled, title, content, updated_at: version } = popup.data;
  const key = alertSeenKey(me.org_id, me.id);
  const open =
    enabled &&
    version !== null &&
    (content !== '' || title !== '') &&
    dismissed !== version &&
    readSeen(key) !== version;

  const close = () => {
    if (version === null) return;
    try {
      window.localStorage.setItem(key, version);
    } catch {
      // Storage may be full or blocked; the notice then closes for this page view only.
    }
    setDismissed(version);
  };

  return (
    <Modal
      open={open}
      title={title || undefined}
      onOk={close}
      onCancel={close}
      okText={t('alertPopup.ok')}
      cancelButtonProps={{ style: { display: 'none' } }}
    >
      {content ? <RenderedHtml html={content} /> : null}
    </Modal>
  );
}
