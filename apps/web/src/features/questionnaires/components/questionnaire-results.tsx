import type { QuestionnaireResults as Results } from '@lectern/contracts/questionnaires/questionnaires.schemas';
import { Card, Flex, List, Progress, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/components/date-time.ts';
import { RenderedHtml } from '../../../shared/components/rendered-html.tsx';

const plain = (html: string) => html.replace(/<[^>]*>/g, '');

/**
 * The teaching team's results: per question, how many chose each option and the written answers; in a
 * named questionnaire also who wrote what and who answered. The server leaves names out of anonymous ones.
 */
export function QuestionnaireResults({ results }: { results: Results }) {
  const { t } = useTranslation('questionnaires');
  const { studentsCount, submitterCount } = results.summary;
  return (
    <Flex vertical gap={16}>
      <Typography.Text>
        {t('results.summary', { submitted: submitterCount, students: studentsCount })}
      </Typography.Text>
      {results.subjects.map((item, index) => (
        <Card
          key={item.subject.id}
          size="small"
          title={
            <span>
              {t('answer.question', { number: index + 1 })}{' '}
              <RenderedHtml html={item.subject.description} inline />
            </span>
          }
        >
          <Typography.Paragraph type="secondary">
            {t('results.answered', { count: item.submitterCount })}
          </Typography.Paragraph>
          {item.options.length > 0 ? (
            <ul aria-label={t('results.optionCounts')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {item.options.map((option, i) => {
                const percent =
                  item.submitterCount === 0
                    ? 0
                    : Math.round((option.chosenCount / item.submitterCount) * 100);
                const label = `${String.fromCharCode(65 + i)}. ${plain(option.content)}`;
                return (
                  <li key={option.id} style={{ marginBottom: 8 }}>
                    <Flex justify="space-between" gap={8}>
                      <span>{label}</span>
                      <span>{t('results.chosen', { count: option.chosenCount })}</span>
                    </Flex>
                    <Progress percent={percent} size="small" aria-label={label} />
                  </li>
                );
              })}
            </ul>
          ) : null}
          {item.options.length === 0 ? (
            <List
              size="small"
              locale={{ emptyText: t('results.noText') }}
              dataSource={item.text_answers}
              renderItem={(answer) => (
                <List.Item>
                  <Flex vertical>
                    <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{answer.content}</Typography.Text>
                    {answer.respondent ? (
                      <Typography.Text type="secondary">
                        {answer.respondent.name} ({answer.respondent.user_no})
                      </Typography.Text>
                    ) : null}
                  </Flex>
                </List.Item>
              )}
            />
          ) : null}
        </Card>
      ))}
      {results.respondents ? (
        <section aria-label={t('results.respondents')}>
          <Typography.Title level={3} style={{ fontSize: 16 }}>
            {t('results.respondents')}
          </Typography.Title>
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={results.respondents}
            scroll={{ x: true }}
            columns={[
              { title: t('results.userNo'), dataIndex: 'user_no' },
              { title: t('results.name'), dataIndex: 'name' },
              {
                title: t('results.submittedAt'),
                dataIndex: 'submitted_at',
                render: (value: string) => formatDateTime(value),
              },
            ]}
          />
        </section>
      ) : (
        <Typography.Text type="secondary">{t('results.anonymousHint')}</Typography.Text>
      )}
    </Flex>
  );
}
