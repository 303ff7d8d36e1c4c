import { DeleteOutlined, DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { ActivityResource } from '@lectern/contracts/activity-resources/activity-resources.schemas';
import { formatBytes } from '@lectern/contracts/uploads/upload-rules';
import {
  Alert,
  App,
  Button,
  Flex,
  List,
  Popconfirm,
  Tag,
  Tooltip,
  Typography,
  Upload,
  type UploadProps,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/components/date-time.ts';
import { uploadFile } from '../../uploads/public/upload-file.ts';
import { useDeleteActivityResource } from '../api/delete-activity-resource.ts';
import { activityResourceBlobUrl, useActivityResources } from '../api/list-activity-resources.ts';
import { usePutActivityResource } from '../api/put-activity-resource.ts';

/**
 * A live session's resources (spec 001 "Generic live-session detail"): what the server lets the caller do
 * decides every control — upload when it says can_upload, download when can_download (the uploader, or
 * allow_download), delete when can_delete (the uploader; a cloud recording the organisation protects shows
 * its delete disabled, saying why); instructors see view and download statistics.
 */
export function ActivityResourcesList({ activityId }: { activityId: number }) {
  const { t } = useTranslation('activity-resources');
  const { message } = App.useApp();
  const resources = useActivityResources(activityId);
  const put = usePutActivityResource(activityId);
  const remove = useDeleteActivityResource(activityId);
  const [uploading, setUploading] = useState(false);

  const customRequest: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
    setUploading(true);
    uploadFile(file as File)
      .then((upload) => put.mutateAsync({ uploadId: upload.id }))
      .then((resource) => {
        onSuccess?.(resource);
        void message.success(t('resources.uploaded'));
      })
      .catch((error: unknown) => {
        onError?.(error as Error);
        void message.error(error instanceof Error ? error.message : t('resources.uploadFailed'));
      })
      .finally(() => setUploading(false));
  };

  const onDelete = (resource: ActivityResource) =>
    remove.mutateAsync(resource.id).then(
      () => void message.success(t('resources.deleted')),
      () => void message.error(t('resources.deleteFailed')),
    );

  const data = resources.data;
  return (
    <section aria-labelledby={`activity-resources-${activityId}`}>
      <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
        <Typography.Title level={5} id={`activity-resources-${activityId}`} style={{ margin: 0 }}>
          {t('resources.title')}
        </Typography.Title>
        {data?.can_upload ? (
          <Upload customRequest={customRequest} showUploadList={false} disabled={uploading}>
            <Button icon={<UploadOutlined />} loading={uploading}>
              {t('resources.upload')}
            </Button>
          </Upload>
        ) : null}
      </Flex>
      {resources.isError ? <Alert type="error" showIcon title={resources.error.message} /> : null}
      <List
        size="small"
        loading={resources.isPending}
        // antd draws the empty text in colorTextDisabled (1.8:1); secondary text passes AA.
        locale={{ emptyText: <Typography.Text type="secondary">{t('resources.empty')}</Typography.Text> }}
        dataSource={data?.resources ?? []}
        rowKey="reference_id"
        renderItem={(resource) => (
          <List.Item
            actions={[
              resource.can_download ? (
                <Button
                  key="download"
                  type="link"
                  size="small"
                  icon={<DownloadOutlined />}
                  href={activityResourceBlobUrl(activityId, resource.id)}
                  aria-label={t('resources.downloadNamed', { name: resource.name })}
                >
                  {t('resources.download')}
                </Button>
              ) : null,
              resource.can_delete ? (
                <Popconfirm
                  key="delete"
                  title={t('resources.confirmDelete', { name: resource.name })}
                  okText={t('resources.delete')}
                  cancelText={t('common.cancel')}
                  onConfirm={() => onDelete(resource)}
                >
                  <Button
                    type="link"
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('resources.deleteNamed', { name: resource.name })}
                  >
                    {t('resources.delete')}
                  </Button>
                </Popconfirm>
              ) : resource.delete_protected ? (
                // The uploader's delete, held back by the organisation: shown disabled, with the reason.
                // The tooltip sits on a span, since a disabled button gets no pointer events.
                <Tooltip key="delete" title={t('resources.cloudRecordingProtected')}>
                  <span tabIndex={0}>
                    <Button
                      type="link"
                      size="small"
                      danger
                      disabled
                      icon={<DeleteOutlined />}
                      aria-label={t('resources.deleteNamed', { name: resource.name })}
                    >
                      {t('resources.delete')}
                    </Button>
                  </span>
                </Tooltip>
              ) : null,
            ].filter(Boolean)}
          >
            <List.Item.Meta
              title={
                <Flex gap={8} align="center" wrap>
                  <Typography.Link
                    href={activityResourceBlobUrl(activityId, resource.id, true)}
                    target="_blank"
                    rel="noopener"
                  >
                    {resource.name}
                  </Typography.Link>
                  {resource.cloud_recording ? <Tag>{t('resources.cloudRecording')}</Tag> : null}
                </Flex>
              }
              description={
                <Flex vertical gap={2}>
                  <span>
                    {t('resources.meta', {
                      name: resource.created_by.name,
                      time: formatDateTime(resource.uploaded_at),
                      size: formatBytes(resource.size),
                    })}
                  </span>
                  {resource.statistics ? (
                    <span>
                      {t('resources.statistics', {
                        views: resource.statistics.view_count,
                        viewers: resource.statistics.viewer_count,
                        downloads: resource.statistics.download_count,
                        downloaders: resource.statistics.downloader_count,
                      })}
                    </span>
                  ) : null}
                </Flex>
              }
            />
          </List.Item>
        )}
      />
    </section>
  );
}
