import type { VoteResponse } from '@lectern/contracts/votes/votes.schemas';
import { Flex, Progress, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/components/date-time.ts';

/**
 * The counts as a bar chart (one bar per option, share of the voters), and in a named vote who chose
 * what. An anonymous vote's answer carries no voters, so there is nothing to list.
 */
export function VoteResults({ vote, showVoters }: { vote: VoteResponse; showVoters: boolean }) {
  const { t } = useTranslation('votes');
  const results = vote.results ?? [];
  const voters = vote.voter_count;
  return (
    <Flex vertical gap={16}>
      <Typography.Text role="status" aria-live="polite">
        {t('results.turnout', { voters, students: vote.student_count })}
      </Typography.Text>
      <ul aria-label={t('results.chartLabel')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {results.map((result) => {
          const percent = voters === 0 ? 0 : Math.round((result.count / voters) * 100);
          const label = `${result.option}. ${result.content}`;
          return (
            <li key={result.option} style={{ marginBottom: 12 }}>
              <Flex justify="space-between" gap={8} wrap>
                <Typography.Text>{label}</Typography.Text>
                <Typography.Text type="secondary">
                  {t('results.count', { count: result.count, percent })}
                </Typography.Text>
              </Flex>
              <Progress
                percent={percent}
                showInfo={false}
                aria-label={t('results.barLabel', { option: label, count: result.count, percent })}
              />
            </li>
          );
        })}
      </ul>
      {showVoters ? (
        vote.interaction.data.is_anonymous ? (
          <Typography.Text type="secondary">{t('results.anonymousNote')}</Typography.Text>
        ) : (
          <Table
            size="small"
            rowKey="id"
            pagination={vote.students.length > 20 ? { pageSize: 20 } : false}
            dataSource={vote.students}
            scroll={{ x: true }}
            locale={{ emptyText: t('results.noVoters') }}
            columns={[
              { title: t('results.name'), dataIndex: 'name' },
              { title: t('results.userNo'), dataIndex: 'user_no' },
              {
                title: t('results.choices'),
                dataIndex: 'votes',
                render: (votes: string[]) => votes.join(', '),
              },
              {
                title: t('results.votedAt'),
                dataIndex: 'voted_at',
                render: (value: string) => formatDateTime(value),
              },
            ]}
          />
        )
      ) : null}
    </Flex>
  );
}
