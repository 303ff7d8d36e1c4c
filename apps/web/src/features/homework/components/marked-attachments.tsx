import { DownloadOutlined, EyeOutlined, FileOutlined } from '@ant-design/icons';
import { formatBytes } from '@lectern/contracts/uploads/upload-rules';
import { Button, Flex, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { attachmentBlobUrl } from '../../uploads/public/upload-urls.ts';
import { useMarkedAttachments } from '../api/list-marked-attachments.ts';

/** The files the marker returned with one submission (often the student's PDF, annotated). */
export function MarkedAttachments({
  homeworkId,
  submissionId,
}: {
  homeworkId: number;
  submissionId: number;
}) {
  const { t } = useTranslation('homework');
  const query = useMarkedAttachments(homeworkId, submissionId);
  const files = query.data?.marked_attachments ?? [];
  if (files.length === 0) return null;
  return (
    <div>
      <Typography.Text type="secondary">{t('result.markedAttachments')}</Typography.Text>
      <ul aria-label={t('result.markedAttachments')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {files.map((file) => (
          <li key={file.id} style={{ padding: '4px 0' }}>
            <Flex align="center" justify="space-between" gap={8} wrap>
              <Flex align="center" gap={8} style={{ minWidth: 0, flex: 1 }}>
                <FileOutlined aria-hidden />
                <Typography.Text ellipsis={{ tooltip: file.name }} style={{ minWidth: 0 }}>
                  {file.name}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ flexShrink: 0 }}>
                  {formatBytes(file.size)}
                </Typography.Text>
              </Flex>
              <Space size={4}>
                {file.preview_url ? (
                  <Button
                    type="link"
                    size="small"
                    icon={<EyeOutlined aria-hidden />}
                    href={file.preview_url}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={t('result.previewNamed', { name: file.name })}
                  >
                    {t('result.preview')}
                  </Button>
                ) : null}
                <Button
                  type="link"
                  size="small"
                  icon={<DownloadOutlined aria-hidden />}
                  href={attachmentBlobUrl(file.reference_id)}
                  download={file.name}
                  aria-label={t('result.downloadNamed', { name: file.name })}
                >
                  {t('result.download')}
                </Button>
              </Space>
            </Flex>
          </li>
        ))}
      </ul>
    </div>
  );
}
