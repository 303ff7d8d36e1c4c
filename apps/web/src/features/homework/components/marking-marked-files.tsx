import { DeleteOutlined, EditOutlined, PaperClipOutlined } from '@ant-design/icons';
import type { HomeworkMarkedAttachment } from '@lectern/contracts/homework/homework.schemas';
import { formatBytes } from '@lectern/contracts/uploads/upload-rules';
import { Button, Flex, Space, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MarkedFilesPanel } from '../../uploads/public/marked-files-panel.tsx';
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
  deleting,
  onDelete,
}: {
  file: HomeworkMarkedAttachment;
  homeworkId: number;
  deleting: boolean;
  /** Given to a marker: the editor link and the delete button. */
  onDelete: ((file: HomeworkMarkedAttachment) => void) | undefined;
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
        {!onDelete ? null : (
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
 * The marker's files on a homework submission (addendum section 2: the marked-attachment list in the
 * right sidebar), in the panel exam marking shares; an annotatable file opens in the annotation editor.
 */
export function MarkingMarkedFiles({ homeworkId, submissionId, readOnly }: MarkingMarkedFilesProps) {
  const { t } = useTranslation('homework');
  const files = useMarkedAttachments(homeworkId, submissionId);
  const add = useAddCorrectUploads();
  const remove = useDeleteMarkedAttachment();
  return (
    <MarkedFilesPanel
      files={files.data?.marked_attachments}
      error={files.error ?? undefined}
      onRetry={() => void files.refetch()}
      readOnly={readOnly}
      attach={(file) =>
        add.mutateAsync({
          homeworkId,
          body: { submission_id: submissionId, uploads: [{ upload_id: file.upload_id }] },
        })
      }
      remove={(file) => remove.mutateAsync({ homeworkId, attachmentId: file.id })}
      renderList={(list, { onDelete, deletingId }) => (
        <ul aria-label={t('marking.markedFiles.title')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {list.map((file) => (
            <MarkedFileRow
              key={file.id}
              file={file}
              homeworkId={homeworkId}
              deleting={deletingId === file.id}
              onDelete={onDelete}
            />
          ))}
        </ul>
      )}
    />
  );
}
