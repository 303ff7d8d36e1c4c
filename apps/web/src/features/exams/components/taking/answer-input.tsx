import { optionLetter, type PaperSubject } from '@lectern/contracts/exams/subject.schemas';
import { Checkbox, Flex, Input, Radio, Select, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { htmlToText, RenderedHtml } from '../../../../shared/components/rendered-html.tsx';
import { EMPTY_ANSWER, type AnswerValue } from './answer-model.ts';
import './answer-input.css';

type PaperLeaf = Omit<PaperSubject, 'sub_subjects'>;

export interface AnswerInputProps {
  subject: PaperLeaf;
  value: AnswerValue | undefined;
  onChange: (value: AnswerValue) => void;
  /** Names the input for assistive technology, e.g. "Question 3". */
  label: string;
  disabled?: boolean;
}

/** Longest short answer the textarea accepts; the server keeps its own limit. */
export const SHORT_ANSWER_MAX = 20_000;

function OptionLabel({ index, content }: { index: number; content: string }) {
  return (
    <Flex gap={6} align="baseline" className="exam-option-text">
      <Typography.Text strong>{optionLetter(index)}.</Typography.Text>
      <RenderedHtml html={content} inline />
    </Flex>
  );
}

/** Replaces the content of one entry of `answers` (by sort), keeping the others. */
function withEntry(answers: AnswerValue['answers'], sort: number, content: string): AnswerValue['answers'] {
  const rest = answers.filter((a) => a.sort !== sort);
  return (content === '' ? rest : [...rest, { sort, content }]).sort((a, b) => a.sort - b.sort);
}

/**
 * The input for one answerable question, by type: radios for one choice, checkboxes for several, one box
 * per blank, a select per left item for matching, a text area for a short answer.
 */
export function AnswerInput({ subject, value, onChange, label, disabled }: AnswerInputProps) {
  const { t } = useTranslation('exams');
  const current = value ?? EMPTY_ANSWER;
  const idBase = useId();

  switch (subject.type) {
    case 'single_selection':
    case 'true_or_false':
      return (
        <Radio.Group
          className="exam-choice-options"
          aria-label={label}
          disabled={disabled}
          value={current.answer_option_ids[0]}
          onChange={(event) => onChange({ ...current, answer_option_ids: [event.target.value as number] })}
          style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
          options={subject.options.map((option, index) => ({
            value: option.id,
            label: <OptionLabel index={index} content={option.content} />,
          }))}
        />
      );
    case 'multiple_selection':
      return (
        <Checkbox.Group
          className="exam-choice-options"
          aria-label={label}
          role="group"
          disabled={disabled}
          value={current.answer_option_ids}
          onChange={(ids) => onChange({ ...current, answer_option_ids: ids })}
          style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
          options={subject.options.map((option, index) => ({
            value: option.id,
            label: <OptionLabel index={index} content={option.content} />,
          }))}
        />
      );
    case 'fill_in_blank':
      return (
        <Flex vertical gap={8} role="group" aria-label={label}>
          {Array.from({ length: subject.blank_count }, (_, sort) => (
            <Flex key={sort} gap={8} align="center">
              <label htmlFor={`${idBase}-blank-${sort}`} style={{ flex: 'none' }}>
                {t('taking.blankLabel', { number: sort + 1 })}
              </label>
              <Input
                id={`${idBase}-blank-${sort}`}
                disabled={disabled}
                maxLength={500}
                value={current.answers.find((a) => a.sort === sort)?.content ?? ''}
                onChange={(event) =>
                  onChange({ ...current, answers: withEntry(current.answers, sort, event.target.value) })
                }
                style={{ maxWidth: 420 }}
              />
            </Flex>
          ))}
        </Flex>
      );
    case 'matching': {
      const choices = subject.options.map((option, index) => ({
        value: String(option.id),
        label: `${optionLetter(index)}. ${htmlToText(option.content)}`,
      }));
      return (
        <Flex vertical gap={12} role="group" aria-label={label}>
          <Flex vertical gap={4}>
            {subject.options.map((option, index) => (
              <OptionLabel key={option.id} index={index} content={option.content} />
            ))}
          </Flex>
          {subject.pairs.map((pair, index) => {
            const itemLabel = t('taking.matchItem', { number: index + 1, text: htmlToText(pair.content) });
            return (
              <Flex key={pair.sort} gap={12} align="center" wrap>
                <div style={{ flex: '1 1 240px', minWidth: 0 }}>
                  <Flex gap={6} align="baseline">
                    <Typography.Text strong>{index + 1}.</Typography.Text>
                    <RenderedHtml html={pair.content} inline />
                  </Flex>
                </div>
                <Select
                  aria-label={itemLabel}
                  disabled={disabled}
                  allowClear
                  placeholder={t('taking.matchPlaceholder')}
                  style={{ width: 260 }}
                  value={current.answers.find((a) => a.sort === pair.sort)?.content}
                  onChange={(chosen: string | undefined) =>
                    onChange({ ...current, answers: withEntry(current.answers, pair.sort, chosen ?? '') })
                  }
                  options={choices}
                />
              </Flex>
            );
          })}
        </Flex>
      );
    }
    case 'short_answer':
      return (
        <Input.TextArea
          aria-label={label}
          disabled={disabled}
          autoSize={{ minRows: 4, maxRows: 16 }}
          maxLength={SHORT_ANSWER_MAX}
          value={current.answer ?? ''}
          onChange={(event) => onChange({ ...current, answer: event.target.value })}
        />
      );
    default:
      return null;
  }
}
