import { DeleteOutlined, PaperClipOutlined } from '@ant-design/icons';
import type { MarkedAttachment } from '@lectern/contracts/exams/exam-taking.schemas';
import type { PaperSubject } from '@lectern/contracts/exams/subject.schemas';
import { formatBytes } from '@lectern/contracts/uploads/upload-rules';
import { Button, Flex, Space, Tag, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { buildUrl } from '../../../../shared/api/http-client.ts';
import { questionNumbers } from '../taking/answer-model.ts';

/**
 * Where a marked file's bytes are: the upload's own blob. The server lets the teaching team fetch it, and
 * the student whose submission it belongs to once scores are released to them.
 */
export function markedAttachmentUrl(uploadId: number): string {
  return buildUrl(`/api/uploads/${uploadId}/blob`);
}

/** "Question 3" or "Question 3.2" for a question (or sub-question) of the paper; null when not on it. */
function useQuestionLabel(subjects: readonly PaperSubject[]) {
  const { t } = useTranslation('exams');
  const numbers = questionNumbers(subjects);
  return (subjectId: number | null): string | null => {
    if (subjectId === null) return null;
    const number = numbers.get(subjectId);
    if (number !== undefined) return t('taking.questionLabel', { number });
    for (const subject of subjects) {
      const index = subject.sub_subjects.findIndex((sub) => sub.id === subjectId);
      const stemNumber = numbers.get(subject.id);
      if (index >= 0 && stemNumber !== undefined) {
        return t('taking.subQuestionLabel', { number: stemNumber, sub: index + 1 });
      }
    }
    return null;
  };
}

export interface MarkedAttachmentListProps {
  attachments: readonly MarkedAttachment[];
  /** The submission's paper, to name the question a file was attached to. */
  subjects: readonly PaperSubject[];
  /** Given to the marker: a delete button per file. */
  onDelete?: (attachment: MarkedAttachment) => void;
  /** Which file is being deleted right now. */
  deletingId?: number | null;
  /** The list's accessible name; the marker's wording when omitted. */
  label?: string;
}

/** The files a marker attached to a submission, each with its download link. */
export function MarkedAttachmentList({
  attachments,
  subjects,
  onDelete,
  deletingId,
  label,
}: MarkedAttachmentListProps) {
  const { t } = useTranslation('exams');
  const { token } = theme.useToken();
  const questionLabel = useQuestionLabel(subjects);
  if (attachments.length === 0) return null;
  return (
    <ul
      aria-label={label ?? t('marking.attachments.title')}
      style={{ listStyle: 'none', margin: 0, padding: 0 }}
    >
      {attachments.map((attachment) => {
        const question = questionLabel(attachment.subject_id);
        return (
          <li
            key={attachment.id}
            style={{
              padding: `${token.paddingXS}px 0`,
              borderBottom: `1px solid ${token.colorBorderSecondary}`,
            }}
          >
            <Flex align="center" justify="space-between" gap={8} wrap>
              <Flex align="center" gap={8} style={{ minWidth: 0, flex: 1 }}>
                <PaperClipOutlined aria-hidden />
                <Space orientation="vertical" size={0} style={{ minWidth: 0 }}>
                  <Typography.Link
                    href={markedAttachmentUrl(attachment.upload_id)}
                    download={attachment.name}
                    ellipsis
                    title={t('marking.attachments.download', { name: attachment.name })}
                  >
                    {attachment.name}
                  </Typography.Link>
                  <Space size={4} wrap>
                    <Typography.Text type="secondary">{formatBytes(attachment.size)}</Typography.Text>
                    {question ? <Tag>{question}</Tag> : null}
                  </Space>
                </Space>
              </Flex>
              {onDelete ? (
                <Button
                  type="text"
                  size="small"
                  danger
                  icon={<DeleteOutlined aria-hidden />}
                  loading={deletingId === attachment.id}
                  onClick={() => onDelete(attachment)}
                  aria-label={t('marking.attachments.delete', { name: attachment.name })}
                />
              ) : null}
            </Flex>
          </li>
        );
      })}
    </ul>
  );
}
