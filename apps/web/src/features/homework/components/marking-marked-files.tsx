import { DeleteOutlined, EditOutlined, PaperClipOutlined } from '@ant-design/icons';
import type { HomeworkMarkedAttachment } from '@lectern/contracts/homework/homework.schemas';
import { formatBytes } from '@lectern/contracts/uploads/upload-rules';
import { App, Button, Flex, Space, theme, Typography } from 'antd';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/http-client.ts';
import { ErrorState } from '../../../shared/components/page-state.tsx';
import { UploadField, type UploadedFile } from '../../uploads/public/upload-field.tsx';
import { useAddCorrectUploads } from '../api/add-correct-uploads.ts';
import { useDeleteMarkedAttachment } from '../api/delete-marked-attachment.ts';
import { useMarkedAttachments } from '../api/list-marked-attachments.ts';
import { annotationEditorUrl, isAnnotatable } from './marking-editor-link.ts';

export interface MarkingMarkedFilesProps {
  homeworkId: number;
  submissionId: number;
  /** Without the right to mark, files can be opened but not added or removed. */
  readOnly: boolean;
}

function MarkedFileRow({
  file,
  homeworkId,
  readOnly,
  deleting,
  onDelete,
}: {
  file: HomeworkMarkedAttachment;
  homeworkId: number;
  readOnly: boolean;
  deleting: boolean;
  onDelete: (file: HomeworkMarkedAttachment) => void;
}) {
  const { t } = useTranslation('homework');
  const { token } = theme.useToken();
  const annotatable = isAnnotatable(file);
  return (
    <li
      style={{ padding: `${token.paddingXS}px 0`, borderBottom: `1px solid ${token.colorBorderSecondary}` }}
    >
      <Flex align="center" justify="space-between" gap={4}>
        <Flex align="center" gap={8} style={{ minWidth: 0, flex: 1 }}>
          <PaperClipOutlined aria-hidden />
          <Space orientation="vertical" size={0} style={{ minWidth: 0 }}>
            <Typography.Link href={file.blob_url} download={file.name} ellipsis>
              {file.name}
            </Typography.Link>
            <Typography.Text type="secondary">{formatBytes(file.size)}</Typography.Text>
          </Space>
        </Flex>
        {readOnly ? null : (
          <Space size={0}>
            {annotatable ? (
              <Button
                type="text"
                size="small"
                icon={<EditOutlined aria-hidden />}
                aria-label={t('marking.preview.openEditorNamed', { name: file.name })}
                href={annotationEditorUrl(
                  { ...file, image: file.type === 'image' },
                  { homeworkId, submissionId: file.submission_id, referenceId: file.reference_id },
                )}
                target="_blank"
                rel="noopener"
              />
            ) : null}
            <Button
              type="text"
              size="small"
              danger
              loading={deleting}
              icon={<DeleteOutlined aria-hidden />}
              aria-label={t('marking.markedFiles.deleteNamed', { name: file.name })}
              onClick={() => onDelete(file)}
            />
          </Space>
        )}
      </Flex>
    </li>
  );
}

/**
 * The marker's files on a submission (addendum section 2: the marked-attachment list in the right
 * sidebar). An uploaded file is attached as soon as it arrives; the list shown is the server's.
 */
export function MarkingMarkedFiles({ homeworkId, submissionId, readOnly }: MarkingMarkedFilesProps) {
  const { t } = useTranslation('homework');
  const { message, modal } = App.useApp();
  const labelId = useId();
  const files = useMarkedAttachments(homeworkId, submissionId);
  const add = useAddCorrectUploads();
  const remove = useDeleteMarkedAttachment();
  const [uploading, setUploading] = useState<UploadedFile[]>([]);
  const [deletingId, setDeletingId] = useState<number | null>(null);
  // The field reports its whole value each time; each finished file is attached once.
  const attaching = useRef(new Set<number>());

  const attach = (file: UploadedFile) => {
    attaching.current.add(file.upload_id);
    add
      .mutateAsync({
        homeworkId,
        body: { submission_id: submissionId, uploads: [{ upload_id: file.upload_id }] },
      })
      .then(() => void message.success(t('marking.markedFiles.added', { name: file.name })))
      .catch((error: unknown) => {
        void message.error(
          isApiError(error) ? error.message : t('marking.markedFiles.addFailed', { name: file.name }),
        );
      })
      .finally(() => {
        attaching.current.delete(file.upload_id);
        setUploading((list) => list.filter((f) => f.upload_id !== file.upload_id));
      });
  };

  const onChange = (next: UploadedFile[]) => {
    setUploading(next);
    for (const file of next) if (!attaching.current.has(file.upload_id)) attach(file);
  };

  const confirmDelete = (file: HomeworkMarkedAttachment) =>
    modal.confirm({
      title: t('marking.markedFiles.confirmDelete', { name: file.name }),
      content: t('marking.markedFiles.confirmDeleteContent'),
      okText: t('marking.markedFiles.delete'),
      okButtonProps: { danger: true },
      onOk: async () => {
        setDeletingId(file.id);
        try {
          const result = await remove.mutateAsync({ homeworkId, attachmentId: file.id });
          void message.success(result.message);
        } catch (error) {
          void message.error(isApiError(error) ? error.message : t('marking.actions.failed'));
        } finally {
          setDeletingId(null);
        }
      },
    });

  const list = files.data?.marked_attachments ?? [];
  return (
    <Flex vertical gap={8} role="region" aria-labelledby={labelId}>
      <Typography.Title level={5} id={labelId} style={{ margin: 0 }}>
        {t('marking.markedFiles.title')}
      </Typography.Title>
      {files.isError ? <ErrorState error={files.error} onRetry={() => void files.refetch()} /> : null}
      {files.data && list.length === 0 ? (
        <Typography.Text type="secondary">{t('marking.markedFiles.empty')}</Typography.Text>
      ) : null}
      {list.length > 0 ? (
        <ul aria-label={t('marking.markedFiles.title')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {list.map((file) => (
            <MarkedFileRow
              key={file.id}
              file={file}
              homeworkId={homeworkId}
              readOnly={readOnly}
              deleting={deletingId === file.id}
              onDelete={confirmDelete}
            />
          ))}
        </ul>
      ) : null}
      {readOnly ? null : (
        <div role="group" aria-label={t('marking.markedFiles.upload')}>
          <UploadField value={uploading} onChange={onChange} />
        </div>
      )}
    </Flex>
  );
}
