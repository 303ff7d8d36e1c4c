import { Flex, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../shared/components/page-state.tsx';
import { useExternalResourcePreviewUrl } from '../api/get-external-resource-preview-url.ts';

/**
 * An extension app opened inside the page: the address comes from the server's preview-url call, which
 * checks again that the viewer sees the app. The frame's sandbox is the product's (spec 001 section 9:
 * forms, popups, scripts, same-origin, modals); a tool that refuses to be framed is opened in a new tab.
 */
export function ExtensionAppPreviewModal({ appId, onClose }: { appId: number | null; onClose: () => void }) {
  const { t } = useTranslation('course-services');
  const preview = useExternalResourcePreviewUrl(appId);
  return (
    <Modal
      open={appId !== null}
      onCancel={onClose}
      footer={null}
      width={1000}
      title={preview.data?.name ?? t('apps.preview')}
      destroyOnHidden
    >
      {preview.isPending ? (
        <LoadingState />
      ) : preview.isError ? (
        <ErrorState
          error={preview.error}
          onRetry={() => void preview.refetch()}
          retrying={preview.isRefetching}
        />
      ) : (
        <Flex vertical gap={8}>
          <Typography.Link href={preview.data.url} target="_blank" rel="noopener noreferrer">
            {t('apps.openInNewTab')}
          </Typography.Link>
          <iframe
            src={preview.data.url}
            title={preview.data.name}
            sandbox="allow-forms allow-popups allow-scripts allow-same-origin allow-modals"
            referrerPolicy="no-referrer"
            style={{ width: '100%', height: '70vh', border: 0 }}
          />
        </Flex>
      )}
    </Modal>
  );
}
