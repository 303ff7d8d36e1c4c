import { UploadOutlined } from '@ant-design/icons';
import { PORTAL_LOGO_MIME_TYPES } from '@lectern/contracts/identity/org-admin.schemas';
import { App, Button, Card, Flex, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadFile } from '../../uploads/public/upload-file.ts';
import { usePortalLogo } from '../api/get-portal-logo.ts';
import { useSetPortalLogo } from '../api/set-portal-logo.ts';

/** Shows the current logo and replaces it: the file is uploaded, then named as the logo. */
export function PortalLogoCard({ orgId }: { orgId: number }) {
  const { t } = useTranslation('identity');
  const { message } = App.useApp();
  const logo = usePortalLogo();
  const setLogo = useSetPortalLogo();
  const [uploading, setUploading] = useState(false);

  const onFile = async (file: File) => {
    setUploading(true);
    try {
      const upload = await uploadFile(file);
      await setLogo.mutateAsync({ orgId, uploadId: upload.id });
      void message.success(t('orgSettings.logoSaved'));
    } catch (error) {
      void message.error((error as Error).message);
    } finally {
      setUploading(false);
    }
  };

  return (
    <Card title={t('orgSettings.logo')}>
      <Flex vertical gap="middle" align="flex-start">
        <Typography.Text type="secondary">{t('orgSettings.logoHint')}</Typography.Text>
        {logo.data?.url ? (
          <img
            src={logo.data.url}
            alt={t('orgSettings.logoAlt')}
            style={{ maxHeight: 64, maxWidth: '100%', objectFit: 'contain' }}
          />
        ) : (
          <Typography.Text>{t('orgSettings.logoNone')}</Typography.Text>
        )}
        <Upload
          accept={PORTAL_LOGO_MIME_TYPES.join(',')}
          showUploadList={false}
          beforeUpload={(file) => {
            void onFile(file);
            // The file goes through the uploads API, not antd's own request.
            return false;
          }}
        >
          <Button icon={<UploadOutlined aria-hidden />} loading={uploading}>
            {t('orgSettings.logoUpload')}
          </Button>
        </Upload>
      </Flex>
    </Card>
  );
}
