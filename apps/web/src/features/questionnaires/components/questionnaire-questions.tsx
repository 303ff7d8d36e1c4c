import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import type { QuestionnaireDistributeResponse } from '@lectern/contracts/questionnaires/questionnaires.schemas';
import { App, Button, Flex, List, Popconfirm, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RenderedHtml } from '../../../shared/components/rendered-html.tsx';
import { useRemoveQuestionnaireSubject } from '../api/remove-questionnaire-subject.ts';
import { useSortQuestionnaireSubjects } from '../api/sort-questionnaire-subjects.ts';

/**
 * For the teaching team: the questionnaire's copied questions, which can be removed or moved until the first
 * answer. After it the server refuses (the results would mix question sets), so the buttons go and a note
 * says why; the server's message is shown if an answer arrived meanwhile.
 */
export function QuestionnaireQuestions({ paper }: { paper: QuestionnaireDistributeResponse }) {
  const { t } = useTranslation('questionnaires');
  const { message } = App.useApp();
  const remove = useRemoveQuestionnaireSubject(paper.id);
  const sort = useSortQuestionnaireSubjects(paper.id);
  const locked = (paper.submission_count ?? 0) > 0;
  const busy = remove.isPending || sort.isPending;
  const ids = paper.subjects.map((s) => s.id);
  const onError = (error: Error) => void message.error(error.message);

  const move = (index: number, by: -1 | 1) => {
    const order = [...ids];
    const [moved] = order.splice(index, 1);
    if (moved === undefined) return;
    order.splice(index + by, 0, moved);
    sort.mutate(order, { onError });
  };
  const removeAt = (subjectId: number) =>
    remove.mutate(subjectId, {
      onSuccess: (result) => void message.success(result.message),
      onError,
    });

  return (
    <section aria-labelledby="questionnaire-questions-title">
      <Typography.Title id="questionnaire-questions-title" level={3} style={{ fontSize: 16 }}>
        {t('questions.title', { count: paper.subjects.length })}
      </Typography.Title>
      {locked ? <Typography.Paragraph type="secondary">{t('questions.locked')}</Typography.Paragraph> : null}
      {paper.subjects.length === 0 ? (
        <Typography.Text type="secondary">{t('answer.empty')}</Typography.Text>
      ) : (
        <List
          size="small"
          bordered
          dataSource={paper.subjects}
          renderItem={(subject, index) => {
            const number = index + 1;
            return (
              <List.Item
                actions={
                  locked
                    ? []
                    : [
                        <Button
                          key="up"
                          type="text"
                          icon={<ArrowUpOutlined />}
                          aria-label={t('questions.moveUp', { number })}
                          disabled={busy || index === 0}
                          onClick={() => move(index, -1)}
                        />,
                        <Button
                          key="down"
                          type="text"
                          icon={<ArrowDownOutlined />}
                          aria-label={t('questions.moveDown', { number })}
                          disabled={busy || index === paper.subjects.length - 1}
                          onClick={() => move(index, 1)}
                        />,
                        <Popconfirm
                          key="remove"
                          title={t('questions.removeConfirm', { number })}
                          okText={t('questions.remove')}
                          cancelText={t('questions.cancel')}
                          onConfirm={() => removeAt(subject.id)}
                        >
                          <Button
                            type="text"
                            danger
                            icon={<DeleteOutlined />}
                            aria-label={t('questions.removeLabel', { number })}
                            disabled={busy}
                          />
                        </Popconfirm>,
                      ]
                }
              >
                <Flex gap={8} align="baseline" wrap style={{ minWidth: 0 }}>
                  <Typography.Text strong>{t('answer.question', { number })}</Typography.Text>
                  <Tag>{t(`questions.type.${subject.type}`, { defaultValue: subject.type })}</Tag>
                  <RenderedHtml html={subject.description} inline />
                </Flex>
              </List.Item>
            );
          }}
        />
      )}
    </section>
  );
}
