import type { IdentifyImportResponse } from '@lectern/contracts/data-import/data-import.schemas';
import { Alert, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatPoints } from '../../exams/public/subject-labels.ts';
import { ImportedSubjectCard } from './imported-subject-card.tsx';

export interface ImportPreviewProps {
  result: IdentifyImportResponse;
  /** Points still free in the exam or classroom exam; null for a library, which has no limit. */
  remainingPoints: number | null;
}

/** The identified questions: a summary line, what was left out, and one card per question. */
export function ImportPreview({ result, remainingPoints }: ImportPreviewProps) {
  const { t } = useTranslation('data-import');
  const over = remainingPoints !== null && result.total_point - remainingPoints > 1e-9;
  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap role="status" aria-live="polite">
        <Typography.Text strong>
          {t('preview.summary', { count: result.subjects.length, points: formatPoints(result.total_point) })}
        </Typography.Text>
        <Typography.Text type={result.error_count > 0 ? 'danger' : 'success'}>
          {t('preview.errorCount', { count: result.error_count })}
        </Typography.Text>
        {remainingPoints !== null && (
          <Typography.Text type={over ? 'danger' : 'secondary'}>
            {t('preview.remaining', { remaining: formatPoints(remainingPoints) })}
          </Typography.Text>
        )}
      </Flex>
      {result.warnings.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={t('preview.warningsTitle')}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {result.warnings.map((warning, index) => (
                <li key={index}>{warning}</li>
              ))}
            </ul>
          }
        />
      )}
      {result.subjects.map((subject, index) => (
        <ImportedSubjectCard
          key={`${subject.line}-${index}`}
          subject={subject}
          position={String(index + 1)}
        />
      ))}
    </Flex>
  );
}
