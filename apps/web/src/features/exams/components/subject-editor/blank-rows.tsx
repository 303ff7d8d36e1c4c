import { CloseOutlined, PlusOutlined } from '@ant-design/icons';
import { SUBJECT_LIMITS } from '@lectern/contracts/exams/subject.schemas';
import { Button, Card, Checkbox, Flex, Input, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { EditorField, ListError, ListLabel } from './editor-field.tsx';
import { RowButtons, moveRow, removeRow } from './row-buttons.tsx';
import { emptyBlank, type BlankDraft, type DraftChange, type FieldErrorMap } from './subject-draft.ts';

/** The part of a question these rows edit. */
export interface BlankState {
  blanks: BlankDraft[];
  case_sensitive: boolean;
  unordered_blanks: boolean;
}

export interface BlankRowsProps {
  blanks: BlankDraft[];
  caseSensitive: boolean;
  unorderedBlanks: boolean;
  onChange: (change: DraftChange<BlankState>) => void;
  errors: FieldErrorMap;
  disabled?: boolean;
}

/**
 * The blanks of a fill-in-the-blank question, in the order they appear in the text, each with every
 * answer that counts as right (e.g. "1949", "一九四九").
 */
export function BlankRows({
  blanks,
  caseSensitive,
  unorderedBlanks,
  onChange,
  errors,
  disabled,
}: BlankRowsProps) {
  const { t } = useTranslation('exams');
  const labelId = useId();
  const changeBlanks = (change: DraftChange<BlankDraft[]>) =>
    onChange((current) => ({ ...current, blanks: change(current.blanks) }));
  const changeAnswers = (key: string, change: DraftChange<string[]>) =>
    changeBlanks((current) => current.map((b) => (b.key === key ? { ...b, answers: change(b.answers) } : b)));

  return (
    <div role="group" aria-labelledby={labelId} style={{ marginBottom: 24 }}>
      <ListLabel id={labelId}>{t('editor.blanks')}</ListLabel>
      <Typography.Paragraph type="secondary">{t('editor.blanksHint')}</Typography.Paragraph>
      <Flex vertical gap={8}>
        {blanks.map((blank, index) => {
          const number = index + 1;
          const name = t('editor.blankName', { number });
          return (
            <Card
              key={blank.key}
              size="small"
              title={name}
              data-testid={`blank-row-${number}`}
              extra={
                <RowButtons
                  index={index}
                  count={blanks.length}
                  name={name}
                  disabled={disabled}
                  onMove={(from, to) => changeBlanks((current) => moveRow(current, blank.key, to - from))}
                  onRemove={
                    blanks.length > 1
                      ? () => changeBlanks((current) => removeRow(current, blank.key))
                      : undefined
                  }
                />
              }
            >
              <Flex vertical gap={4}>
                {blank.answers.map((answer, answerIndex) => (
                  <Flex key={answerIndex} gap={4}>
                    <Input
                      aria-label={t('editor.acceptedAnswer', { number, alternative: answerIndex + 1 })}
                      value={answer}
                      maxLength={SUBJECT_LIMITS.alternativeMax}
                      disabled={disabled}
                      status={errors[`blanks.${index}.answers`] ? 'error' : undefined}
                      onChange={(event) => {
                        const text = event.target.value;
                        changeAnswers(blank.key, (answers) =>
                          answers.map((a, i) => (i === answerIndex ? text : a)),
                        );
                      }}
                    />
                    {blank.answers.length > 1 && (
                      <Button
                        type="text"
                        icon={<CloseOutlined aria-hidden />}
                        aria-label={t('editor.removeAcceptedAnswer', {
                          number,
                          alternative: answerIndex + 1,
                        })}
                        disabled={disabled}
                        onClick={() =>
                          changeAnswers(blank.key, (answers) => answers.filter((_, i) => i !== answerIndex))
                        }
                      />
                    )}
                  </Flex>
                ))}
                <EditorField error={errors[`blanks.${index}.answers`]} compact>
                  <Button
                    type="link"
                    size="small"
                    icon={<PlusOutlined aria-hidden />}
                    disabled={disabled || blank.answers.length >= SUBJECT_LIMITS.alternativesMax}
                    onClick={() => changeAnswers(blank.key, (answers) => [...answers, ''])}
                    style={{ paddingInline: 0 }}
                  >
                    {t('editor.addAcceptedAnswer')}
                  </Button>
                </EditorField>
              </Flex>
            </Card>
          );
        })}
        <Button
          icon={<PlusOutlined aria-hidden />}
          disabled={disabled || blanks.length >= SUBJECT_LIMITS.blanksMax}
          onClick={() => changeBlanks((current) => [...current, emptyBlank()])}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('editor.addBlank')}
        </Button>
        <ListError error={errors.blanks} />
        <Flex gap={16} wrap>
          <Checkbox
            checked={caseSensitive}
            disabled={disabled}
            onChange={(event) => {
              const checked = event.target.checked;
              onChange((current) => ({ ...current, case_sensitive: checked }));
            }}
          >
            {t('editor.caseSensitive')}
          </Checkbox>
          <Checkbox
            checked={unorderedBlanks}
            disabled={disabled}
            onChange={(event) => {
              const checked = event.target.checked;
              onChange((current) => ({ ...current, unordered_blanks: checked }));
            }}
          >
            {t('editor.unorderedBlanks')}
          </Checkbox>
        </Flex>
      </Flex>
    </div>
  );
}
