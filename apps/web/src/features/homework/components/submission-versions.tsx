import { HOMEWORK_STATUS } from '@lectern/contracts/homework/homework.rules';
import type { HomeworkSubmission } from '@lectern/contracts/homework/homework.schemas';
import { Card, Empty, Flex, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/components/date-time.ts';
import { RenderedHtml } from '../../../shared/components/rendered-html.tsx';
import { AttachmentList } from '../../uploads/public/attachment-list.tsx';
import { SubmissionResult } from './submission-result.tsx';

/** Every version the student (or their group) handed in, newest first, each with its files and marking. */
export function SubmissionVersions({ submissions }: { submissions: readonly HomeworkSubmission[] }) {
  const { t } = useTranslation('homework');
  const versions = submissions.filter((s) => !s.is_draft).sort((a, b) => b.version - a.version);
  if (versions.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('versions.none')} />;
  }
  return (
    <ol aria-label={t('versions.label')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {versions.map((submission) => (
        <li key={submission.id} style={{ marginBottom: 12 }}>
          <Card
            size="small"
            title={
              <Space wrap size={[8, 0]}>
                <span>{t('versions.version', { version: submission.version })}</span>
                {submission.is_late ? <Tag color="orange">{t('versions.late')}</Tag> : null}
                {submission.status === HOMEWORK_STATUS.makeUp ? (
                  <Tag color="blue">{t('versions.makeUp')}</Tag>
                ) : null}
              </Space>
            }
            styles={{ header: { flexWrap: 'wrap' } }}
          >
            <Flex vertical gap={12}>
              <Typography.Text type="secondary">
                {t('versions.submittedAt', { time: formatDateTime(submission.submitted_at) })}
                {submission.submitted_by && submission.submitted_by.id !== submission.student?.id
                  ? ` · ${t('versions.submittedBy', { name: submission.submitted_by.name })}`
                  : ''}
              </Typography.Text>
              {submission.comment.trim() ? <RenderedHtml html={submission.comment} /> : null}
              <AttachmentList attachments={submission.uploads} />
              <SubmissionResult submission={submission} />
            </Flex>
          </Card>
        </li>
      ))}
    </ol>
  );
}
