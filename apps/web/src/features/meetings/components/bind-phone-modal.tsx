import { Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** Tells a user without a mobile phone to bind one, and offers the settings page where they can. */
export function BindPhoneModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('meetings');
  const navigate = useNavigate();
  return (
    <Modal
      open={open}
      title={t('bindPhone.title')}
      onCancel={onClose}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button key="settings" type="primary" onClick={() => void navigate('/user/settings')}>
          {t('bindPhone.goToSettings')}
        </Button>,
      ]}
    >
      <Typography.Paragraph>{t('bindPhone.body')}</Typography.Paragraph>
    </Modal>
  );
}
