import type { PaperSubject } from '@lectern/contracts/exams/subject.schemas';
import { Card, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RenderedHtml } from '../../../../shared/components/rendered-html.tsx';
import { AnswerInput } from './answer-input.tsx';
import { isStem, type AnswerMap, type AnswerValue } from './answer-model.ts';

export interface PaperQuestionProps {
  subject: PaperSubject;
  /** Its number among the paper's questions; a text block has none. */
  number: number | null;
  answers: AnswerMap;
  onAnswer: (subjectId: number, value: AnswerValue) => void;
  disabled?: boolean;
}

export function questionAnchorId(subjectId: number): string {
  return `exam-question-${subjectId}`;
}

/** One question of the paper: its text, points and input; a stem with its sub-questions under it. */
export function PaperQuestion({ subject, number, answers, onAnswer, disabled }: PaperQuestionProps) {
  const { t } = useTranslation('exams');

  if (subject.type === 'paragraph_desc') {
    return (
      <Card size="small">
        <RenderedHtml html={subject.description} />
      </Card>
    );
  }

  const label = t('taking.questionLabel', { number });
  const heading = (
    <Flex gap={8} align="center" wrap>
      <Typography.Text strong>{label}</Typography.Text>
      <Tag>{t(`taking.types.${subject.type}`)}</Tag>
      <Typography.Text type="secondary">{t('taking.points', { count: subject.point })}</Typography.Text>
    </Flex>
  );

  return (
    <Card
      size="small"
      title={heading}
      role="region"
      aria-label={label}
      styles={{ header: { whiteSpace: 'normal' } }}
    >
      <Flex vertical gap={16}>
        <RenderedHtml html={subject.description} />
        {isStem(subject) ? (
          subject.sub_subjects.map((sub, index) => {
            const subLabel = t('taking.subQuestionLabel', { number, sub: index + 1 });
            return (
              <Flex
                key={sub.id}
                vertical
                gap={8}
                style={{ paddingLeft: 16, borderLeft: '2px solid #f0f0f0' }}
              >
                <Flex gap={8} align="baseline" wrap>
                  <Typography.Text strong>{subLabel}</Typography.Text>
                  <Typography.Text type="secondary">
                    {t(`taking.types.${sub.type}`)} · {t('taking.points', { count: sub.point })}
                  </Typography.Text>
                </Flex>
                <RenderedHtml html={sub.description} />
                <AnswerInput
                  subject={sub}
                  label={subLabel}
                  value={answers[sub.id]}
                  onChange={(value) => onAnswer(sub.id, value)}
                  disabled={disabled}
                />
              </Flex>
            );
          })
        ) : (
          <AnswerInput
            subject={subject}
            label={label}
            value={answers[subject.id]}
            onChange={(value) => onAnswer(subject.id, value)}
            disabled={disabled}
          />
        )}
      </Flex>
    </Card>
  );
}
