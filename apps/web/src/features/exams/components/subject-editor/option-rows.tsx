import { PlusOutlined } from '@ant-design/icons';
import { optionLetter, SUBJECT_LIMITS, type SubjectType } from '@lectern/contracts/exams/subject.schemas';
import { Button, Checkbox, Flex, Radio, Tag, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { RichTextInput } from '../../../../shared/components/rich-text/rich-text-input.tsx';
import { EditorField, ListError, ListLabel } from './editor-field.tsx';
import { RowButtons, moveRow, patchRow, removeRow } from './row-buttons.tsx';
import { emptyOption, type DraftChange, type FieldErrorMap, type OptionDraft } from './subject-draft.ts';

export interface OptionRowsProps {
  type: SubjectType;
  options: OptionDraft[];
  onChange: (change: DraftChange<OptionDraft[]>) => void;
  errors: FieldErrorMap;
  disabled?: boolean;
}

/**
 * Choice options lettered from A, each with its "correct" mark: a radio for single choice and
 * true/false (choosing one clears the others), a checkbox for multiple choice. True/false keeps its two
 * rows; their wording may still be edited.
 */
export function OptionRows({ type, options, onChange, errors, disabled }: OptionRowsProps) {
  const { t } = useTranslation('exams');
  const groupName = useId();
  const single = type !== 'multiple_selection';
  const fixed = type === 'true_or_false';

  // Other answers than an imported file's make its partial credit meaningless: the question grades all or
  // nothing again (the note above the options says so).
  const markCorrect = (key: string, checked: boolean) =>
    onChange((current) =>
      current.map(({ key: rowKey, content, is_answer }) => ({
        key: rowKey,
        content,
        is_answer: single ? rowKey === key : rowKey === key ? checked : is_answer,
      })),
    );
  const weighted = options.some((o) => o.weight !== undefined);

  // Single answer: one radio group whose value is the correct row. With none or (imported) several
  // marked, no radio shows checked, so any choice the author makes is a real change that fixes it.
  const answerKeys = options.flatMap((o) => (o.is_answer ? [o.key] : []));
  const rows = (
    <Flex vertical gap={8}>
      <Typography.Text type="secondary">
        {single ? t('editor.markOneCorrect') : t('editor.markAllCorrect')}
      </Typography.Text>
      {weighted && <Typography.Text type="secondary">{t('editor.partialCreditNote')}</Typography.Text>}
      {options.map((option, index) => {
        const letter = optionLetter(index);
        const contentError = errors[`options.${index}.content`];
        const markLabel = t('editor.markCorrect', { letter });
        return (
          <div key={option.key} data-testid={`option-row-${letter}`}>
            <Flex gap={8} align="start">
              {single ? (
                <Radio value={option.key} aria-label={markLabel} disabled={disabled} />
              ) : (
                <Checkbox
                  checked={option.is_answer}
                  aria-label={markLabel}
                  disabled={disabled}
                  onChange={(event) => markCorrect(option.key, event.target.checked)}
                />
              )}
              <Typography.Text strong style={{ width: 20, lineHeight: '32px' }} aria-hidden>
                {letter}
              </Typography.Text>
              <div style={{ flex: 1 }}>
                <EditorField error={contentError} compact>
                  <RichTextInput
                    pictures
                    compact
                    aria-label={t('editor.optionLabel', { letter })}
                    status={contentError ? 'error' : undefined}
                    minRows={1}
                    value={option.content}
                    disabled={disabled}
                    onChange={(html) =>
                      onChange((current) => patchRow(current, option.key, { content: html }))
                    }
                  />
                </EditorField>
              </div>
              {option.weight !== undefined && option.weight !== 0 && (
                <Tag color={option.weight > 0 ? 'green' : 'red'} style={{ marginTop: 5 }}>
                  {t('editor.optionCredit', { percent: Number((option.weight * 100).toFixed(2)) })}
                </Tag>
              )}
              {/* True/false keeps its two rows; a stored question with more may drop the extra ones. */}
              {(!fixed || options.length > 2) && (
                <RowButtons
                  index={index}
                  count={options.length}
                  name={t('editor.optionName', { letter })}
                  disabled={disabled}
                  onMove={(from, to) => onChange((current) => moveRow(current, option.key, to - from))}
                  onRemove={
                    options.length > (fixed ? 2 : 1)
                      ? () => onChange((current) => removeRow(current, option.key))
                      : undefined
                  }
                />
              )}
            </Flex>
          </div>
        );
      })}
      {!fixed && (
        <Button
          icon={<PlusOutlined aria-hidden />}
          disabled={disabled || options.length >= SUBJECT_LIMITS.optionsMax}
          onClick={() => onChange((current) => [...current, emptyOption()])}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('editor.addOption')}
        </Button>
      )}
    </Flex>
  );

  return (
    <div role="group" aria-labelledby={`${groupName}-label`} style={{ marginBottom: 24 }}>
      <ListLabel id={`${groupName}-label`}>{t('editor.options')}</ListLabel>
      {single ? (
        <Radio.Group
          name={groupName}
          value={answerKeys.length === 1 ? answerKeys[0] : null}
          disabled={disabled}
          onChange={(event) => markCorrect(event.target.value as string, true)}
          style={{ display: 'block' }}
        >
          {rows}
        </Radio.Group>
      ) : (
        rows
      )}
      <ListError error={errors.options} />
    </div>
  );
}
