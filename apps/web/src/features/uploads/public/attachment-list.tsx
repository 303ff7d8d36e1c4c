import { DownloadOutlined, EyeOutlined, FilePdfOutlined } from '@ant-design/icons';
import type { UploadReference } from '@lectern/contracts/uploads/upload.schemas';
import { formatBytes } from '@lectern/contracts/uploads/upload-rules';
import { Button, Empty, Flex, Space, theme, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isPdf, isPreviewable } from './attachment-kind.ts';
import { attachmentBlobUrl } from './upload-urls.ts';
import { UPLOAD_KIND_ICONS } from './upload-kind-icons.tsx';

function AttachmentIcon({ reference }: { reference: UploadReference }) {
  const { t } = useTranslation('uploads');
  const icon = isPdf(reference) ? <FilePdfOutlined /> : UPLOAD_KIND_ICONS[reference.type];
  return (
    <span role="img" aria-label={t(`kinds.${reference.type}`)} style={{ fontSize: 20 }}>
      {icon}
    </span>
  );
}

function AttachmentActions({ reference }: { reference: UploadReference }) {
  const { t } = useTranslation('uploads');
  // Viewing in the page is part of seeing the activity; allow_download only governs taking a copy away.
  const preview =
    reference.can_preview && isPreviewable(reference) ? (
      <Button
        type="link"
        size="small"
        icon={<EyeOutlined aria-hidden />}
        href={attachmentBlobUrl(reference.id, { preview: true })}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t('list.previewNamed', { name: reference.name })}
      >
        {t('list.preview')}
      </Button>
    ) : null;
  return (
    <Space size={4}>
      {preview}
      {reference.can_download ? (
        <Button
          type="link"
          size="small"
          icon={<DownloadOutlined aria-hidden />}
          href={attachmentBlobUrl(reference.id)}
          download={reference.name}
          aria-label={t('list.downloadNamed', { name: reference.name })}
        >
          {t('list.download')}
        </Button>
      ) : (
        <Tooltip title={t('list.downloadNotAllowedHint')}>
          <Typography.Text type="secondary" tabIndex={0}>
            {t('list.downloadNotAllowed')}
          </Typography.Text>
        </Tooltip>
      )}
    </Space>
  );
}

export interface AttachmentListProps {
  attachments: readonly UploadReference[];
  /** Shown when there are no attachments; nothing is rendered when omitted. */
  emptyText?: ReactNode;
}

/** An activity's files: what they are, how big, and download / preview links where the viewer may have them. */
export function AttachmentList({ attachments, emptyText }: AttachmentListProps) {
  const { t } = useTranslation('uploads');
  const { token } = theme.useToken();
  if (attachments.length === 0) {
    return emptyText ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> : null;
  }
  const sorted = [...attachments].sort((a, b) => a.sort - b.sort || a.id - b.id);
  return (
    <ul
      className="attachment-list"
      aria-label={t('list.label')}
      style={{ listStyle: 'none', margin: 0, padding: 0 }}
    >
      {sorted.map((reference) => (
        <li
          key={reference.id}
          style={{
            padding: `${token.paddingXS}px 0`,
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          <Flex align="center" justify="space-between" gap={12} wrap>
            <Flex align="center" gap={12} style={{ minWidth: 0, flex: 1 }}>
              <AttachmentIcon reference={reference} />
              <Space orientation="vertical" size={0} style={{ minWidth: 0 }}>
                <Typography.Text ellipsis={{ tooltip: reference.name }}>{reference.name}</Typography.Text>
                <Typography.Text type="secondary">{formatBytes(reference.size)}</Typography.Text>
              </Space>
            </Flex>
            <AttachmentActions reference={reference} />
          </Flex>
        </li>
      ))}
    </ul>
  );
}
