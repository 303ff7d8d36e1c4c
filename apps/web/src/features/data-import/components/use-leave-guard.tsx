import { Modal } from 'antd';
import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

export interface LeaveGuard {
  /** The confirm dialog shown when an in-app link would leave the page; render it once. */
  dialog: ReactNode;
  /** Lets the next navigation through without asking (after the work has been saved). */
  allowNextNavigation: () => void;
}

/**
 * Spec 000 section 4: leaving with unsaved work asks first — the browser's own warning on reload, close
 * or an outside address, and a confirm dialog for links inside the app.
 */
export function useLeaveGuard(active: boolean): LeaveGuard {
  const { t } = useTranslation('data-import');
  const bypass = useRef(false);

  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the warning only when a return value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      active &&
      !bypass.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  const allowNextNavigation = useCallback(() => {
    bypass.current = true;
  }, []);

  const dialog = (
    <Modal
      open={blocker.state === 'blocked'}
      destroyOnHidden
      title={t('leave.title')}
      okText={t('leave.leave')}
      cancelText={t('leave.stay')}
      okButtonProps={{ danger: true }}
      onOk={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      {t('leave.content')}
    </Modal>
  );

  return { dialog, allowNextNavigation };
}
