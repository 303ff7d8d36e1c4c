import { CheckCircleFilled } from '@ant-design/icons';
import {
  hasImportErrors,
  type ImportedSubject,
  type ImportedSubSubject,
} from '@lectern/contracts/data-import/data-import.schemas';
import { optionLetter, SUBJECT_LIMITS } from '@lectern/contracts/exams/subject.schemas';
import { Alert, Card, Flex, InputNumber, Tag, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { RenderedHtml } from '../../../shared/components/rendered-html.tsx';
import { difficultyName, formatPoints } from '../../exams/public/subject-labels.ts';

export interface ImportedSubjectCardProps {
  subject: ImportedSubject | ImportedSubSubject;
  /** "3" for the third question, "3.2" for its second sub-question. */
  position: string;
  /** When the points may be changed here (a question without sub-questions, against a points limit). */
  onPointChange?: ((point: number) => void) | undefined;
}

/**
 * One identified question as it will be saved: type, points, difficulty, stem, options with the correct
 * ones marked, blanks, answer, explanation, knowledge points and sub-questions, and what is wrong with it.
 */
export function ImportedSubjectCard({ subject, position, onPointChange }: ImportedSubjectCardProps) {
  const { t } = useTranslation('data-import');
  const { token } = theme.useToken();
  const wrong = hasImportErrors(subject);
  const subs = 'sub_subjects' in subject ? subject.sub_subjects : [];
  const difficulty = difficultyName(subject.difficulty_level);
  const name = t('preview.questionName', { position });
  // A choice's answer shows on its options and a blank's on its blanks; other answers are shown as written.
  const answerShown =
    subject.answer !== null &&
    subject.answer.trim() !== '' &&
    (subject.type === 'short_answer' ||
      (!subject.options.some((o) => o.is_answer) && subject.blanks.length === 0 && subs.length === 0));

  return (
    <Card
      size="small"
      role="article"
      aria-label={name}
      style={wrong ? { borderColor: token.colorError } : undefined}
      title={
        <Flex gap={8} wrap align="center">
          <Typography.Text strong>{position}.</Typography.Text>
          <Tag color="blue">{t(`types.${subject.type}`)}</Tag>
          {onPointChange && subs.length === 0 ? (
            <InputNumber
              size="small"
              min={0.1}
              max={SUBJECT_LIMITS.pointMax}
              step={1}
              precision={1}
              value={subject.point}
              aria-label={t('points.inputLabel', { name })}
              suffix={t('points.unit')}
              style={{ width: 110 }}
              onChange={(value) => {
                if (typeof value === 'number' && value > 0) onPointChange(value);
              }}
            />
          ) : (
            <Tag>{t('preview.points', { points: formatPoints(subject.point) })}</Tag>
          )}
          {difficulty !== 'none' && <Tag>{t(`difficulty.${difficulty}`)}</Tag>}
          {wrong && <Tag color="error">{t('preview.hasErrors')}</Tag>}
        </Flex>
      }
      extra={
        <Typography.Text type="secondary">
          {t('preview.source', { number: subject.number, line: subject.line })}
        </Typography.Text>
      }
    >
      <Flex vertical gap={8}>
        {subject.errors.length > 0 && (
          <Alert
            type="error"
            showIcon
            title={t('preview.errorsTitle', { count: subject.errors.length })}
            description={
              <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                {subject.errors.map((error, index) => (
                  <li key={`${error.code}-${index}`}>{error.message}</li>
                ))}
              </ul>
            }
          />
        )}
        {subject.warnings.length > 0 && (
          // What the file had that this question lost: saving is allowed, but the teacher sees it here.
          <Alert
            type="warning"
            showIcon
            title={t('preview.questionWarningsTitle', { count: subject.warnings.length })}
            description={
              <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                {subject.warnings.map((warning) => (
                  <li key={warning}>{warning}</li>
                ))}
              </ul>
            }
          />
        )}
        {subject.description.trim() === '' ? (
          <Typography.Text type="secondary">{t('preview.noText')}</Typography.Text>
        ) : (
          <RenderedHtml html={subject.description} />
        )}
        {subject.options.length > 0 && (
          <ul aria-label={t('preview.options')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {subject.options.map((option, index) => (
              <li
                key={option.sort}
                style={{
                  display: 'flex',
                  gap: 8,
                  alignItems: 'baseline',
                  color: option.is_answer ? token.colorSuccessText : undefined,
                }}
              >
                <Typography.Text strong={option.is_answer} style={{ color: 'inherit' }}>
                  {optionLetter(index)}.
                </Typography.Text>
                <RenderedHtml inline html={option.content} />
                {option.is_answer && (
                  <span>
                    <CheckCircleFilled aria-hidden /> {t('preview.correct')}
                  </span>
                )}
                {option.weight !== undefined && option.weight !== 0 && (
                  <Tag color={option.weight > 0 ? 'green' : 'red'}>
                    {t('preview.optionCredit', { percent: Number((option.weight * 100).toFixed(2)) })}
                  </Tag>
                )}
              </li>
            ))}
          </ul>
        )}
        {(subject.pairs ?? []).length > 0 && (
          <ul aria-label={t('preview.pairs')} style={{ margin: 0, paddingInlineStart: 20 }}>
            {(subject.pairs ?? []).map((pair, index) => (
              <li key={pair.sort} style={{ display: 'flex', gap: 8, alignItems: 'baseline' }}>
                <span>({index + 1})</span>
                <RenderedHtml inline html={pair.content} />
                <span aria-hidden>→</span>
                <span>{t('preview.pairedWith', { letter: optionLetter(pair.option_sort) })}</span>
              </li>
            ))}
          </ul>
        )}
        {subject.blanks.length > 0 && (
          <ul aria-label={t('preview.blanks')} style={{ margin: 0, paddingInlineStart: 20 }}>
            {subject.blanks.map((blank, index) => (
              <li key={blank.sort}>
                {t('preview.blank', { number: index + 1 })}{' '}
                {blank.answers.length > 0 ? blank.answers.join(' | ') : t('preview.noAnswer')}
              </li>
            ))}
          </ul>
        )}
        {answerShown && subject.answer !== null && (
          <div>
            <Typography.Text strong>{t('preview.answer')}</Typography.Text>
            <RenderedHtml html={subject.answer} />
          </div>
        )}
        {subject.answer_explanation !== null && subject.answer_explanation.trim() !== '' && (
          <div>
            <Typography.Text strong>{t('preview.explanation')}</Typography.Text>
            <RenderedHtml html={subject.answer_explanation} />
          </div>
        )}
        {subject.note !== null && (
          <Flex gap={4} wrap align="center">
            <Typography.Text strong>{t('preview.note')}</Typography.Text>
            <Typography.Text>{subject.note}</Typography.Text>
          </Flex>
        )}
        {'category' in subject && subject.category !== null && (
          <Flex gap={4} wrap align="center">
            <Typography.Text strong>{t('preview.category')}</Typography.Text>
            <Tag>{subject.category}</Tag>
          </Flex>
        )}
        {subject.knowledge_node_names.length > 0 && (
          <Flex gap={4} wrap align="center">
            <Typography.Text strong>{t('preview.knowledgeNodes')}</Typography.Text>
            {subject.knowledge_node_names.map((node) => (
              <Tag key={node}>{node}</Tag>
            ))}
          </Flex>
        )}
        {subs.length > 0 && (
          <Flex vertical gap={8} style={{ paddingInlineStart: 16 }}>
            {subs.map((sub, index) => (
              <ImportedSubjectCard
                key={`${sub.line}-${index}`}
                subject={sub}
                position={`${position}.${index + 1}`}
              />
            ))}
          </Flex>
        )}
      </Flex>
    </Card>
  );
}
