import type { ScoreRecord } from '@lectern/contracts/homework/homework.schemas';
import { Flex, Pagination, Spin, theme, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/components/date-time.ts';
import { ErrorState } from '../../../shared/components/page-state.tsx';
import { SCORE_RECORDS_PAGE_SIZE, useScoreRecords } from '../api/list-score-records.ts';
import { formatScore } from './score-format.ts';

const KNOWN_METHODS = ['manual', 'rubric', 'on_behalf', 'exam_marking'];

function ScoreRecordItem({ record }: { record: ScoreRecord }) {
  const { t } = useTranslation('homework');
  const { token } = theme.useToken();
  const method = KNOWN_METHODS.includes(record.score_method) ? record.score_method : 'other';
  const score = (value: number | null) => (value === null ? t('marking.records.none') : formatScore(value));
  return (
    <li
      style={{ padding: `${token.paddingXS}px 0`, borderBottom: `1px solid ${token.colorBorderSecondary}` }}
    >
      <Flex vertical gap={2} style={{ minWidth: 0 }}>
        <Typography.Text strong>
          {t(`marking.records.method.${method}`)}{' '}
          {t('marking.records.change', { from: score(record.old_score), to: score(record.score) })}
        </Typography.Text>
        <Typography.Text type="secondary">
          {formatDateTime(record.created_at)}
          {record.operator_name ? ` · ${t('marking.records.by', { name: record.operator_name })}` : ''}
          {record.version !== null ? ` · ${t('marking.records.version', { number: record.version })}` : ''}
        </Typography.Text>
      </Flex>
    </li>
  );
}

export interface ScoreRecordsListProps {
  homeworkId: number;
  /** The student, or the group for group homework. */
  submitterId: number;
}

/** Every score change of one submitter, newest first, a few per page (spec 001 section 3, Score record). */
export function ScoreRecordsList({ homeworkId, submitterId }: ScoreRecordsListProps) {
  const { t } = useTranslation('homework');
  const [page, setPage] = useState(1);
  const records = useScoreRecords(homeworkId, submitterId, page);
  if (records.isError) return <ErrorState error={records.error} onRetry={() => void records.refetch()} />;
  const data = records.data;
  return (
    <section aria-label={t('marking.records.title')}>
      <Typography.Title level={5}>{t('marking.records.title')}</Typography.Title>
      {records.isPending ? <Spin size="small" /> : null}
      {data && data.records.length === 0 ? (
        <Typography.Text type="secondary">{t('marking.records.empty')}</Typography.Text>
      ) : null}
      {data && data.records.length > 0 ? (
        <ul aria-label={t('marking.records.title')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {data.records.map((record) => (
            <ScoreRecordItem key={record.id} record={record} />
          ))}
        </ul>
      ) : null}
      {data && data.total > SCORE_RECORDS_PAGE_SIZE ? (
        <Pagination
          size="small"
          simple
          current={data.page}
          pageSize={SCORE_RECORDS_PAGE_SIZE}
          total={data.total}
          onChange={setPage}
          style={{ marginTop: 8 }}
        />
      ) : null}
    </section>
  );
}
