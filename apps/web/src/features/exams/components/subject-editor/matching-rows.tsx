import { PlusOutlined } from '@ant-design/icons';
import { optionLetter, SUBJECT_LIMITS } from '@lectern/contracts/exams/subject.schemas';
import { Button, Col, Flex, Row, Select, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { RichTextInput } from '../../../../shared/components/rich-text/rich-text-input.tsx';
import { EditorField, ListError, ListLabel } from './editor-field.tsx';
import { RowButtons, moveRow, patchRow, removeRow } from './row-buttons.tsx';
import {
  emptyOption,
  emptyPair,
  type DraftChange,
  type FieldErrorMap,
  type OptionDraft,
  type PairDraft,
} from './subject-draft.ts';

/** The part of a question these rows edit. */
export interface MatchingState {
  pairs: PairDraft[];
  options: OptionDraft[];
}

export interface MatchingRowsProps {
  pairs: PairDraft[];
  options: OptionDraft[];
  onChange: (change: DraftChange<MatchingState>) => void;
  errors: FieldErrorMap;
  disabled?: boolean;
}

/**
 * Left-hand items, each pointing at the right-hand item (lettered from A) it matches. Right-hand items
 * may outnumber the left ones (distractors). Moving or removing a right-hand item keeps every pair
 * pointing at the same item, not at the same letter.
 */
export function MatchingRows({ pairs, options, onChange, errors, disabled }: MatchingRowsProps) {
  const { t } = useTranslation('exams');
  const leftId = useId();
  const rightId = useId();

  const changePairs = (change: DraftChange<PairDraft[]>) =>
    onChange((current) => ({ ...current, pairs: change(current.pairs) }));
  // Pairs point at right-hand items by position: a change of the list re-points them at the same items.
  const changeOptions = (change: DraftChange<OptionDraft[]>) =>
    onChange((current) => {
      const next = change(current.options);
      const positions = new Map(next.map((o, i) => [o.key, i]));
      return {
        options: next,
        pairs: current.pairs.map((p) => {
          const key = p.option_sort === null ? undefined : current.options[p.option_sort]?.key;
          const position = key === undefined ? undefined : positions.get(key);
          return { ...p, option_sort: position ?? null };
        }),
      };
    });
  const letters = options.map((_, i) => ({ value: i, label: optionLetter(i) }));

  return (
    <Row gutter={24} style={{ marginBottom: 24 }}>
      <Col xs={24} md={12}>
        <div role="group" aria-labelledby={leftId}>
          <ListLabel id={leftId}>{t('editor.leftItems')}</ListLabel>
          <Flex vertical gap={8}>
            {pairs.map((pair, index) => {
              const number = index + 1;
              const name = t('editor.leftItemName', { number });
              const matchError = errors[`pairs.${index}.option_sort`];
              const contentError = errors[`pairs.${index}.content`];
              return (
                <Flex key={pair.key} gap={8} align="start" data-testid={`pair-row-${number}`}>
                  <Typography.Text strong style={{ lineHeight: '32px' }} aria-hidden>
                    {number}.
                  </Typography.Text>
                  <div style={{ flex: 1 }}>
                    <EditorField error={contentError} compact>
                      <RichTextInput
                        pictures
                        compact
                        aria-label={name}
                        minRows={1}
                        value={pair.content}
                        disabled={disabled}
                        onChange={(html) =>
                          changePairs((current) => patchRow(current, pair.key, { content: html }))
                        }
                      />
                    </EditorField>
                    <EditorField error={matchError} compact>
                      <Select<number>
                        aria-label={t('editor.matchesWith', { number })}
                        placeholder={t('editor.matchesPlaceholder')}
                        value={pair.option_sort ?? undefined}
                        options={letters}
                        disabled={disabled}
                        status={matchError ? 'error' : undefined}
                        style={{ width: 160, marginTop: 4 }}
                        onChange={(value) =>
                          changePairs((current) => patchRow(current, pair.key, { option_sort: value }))
                        }
                      />
                    </EditorField>
                  </div>
                  <RowButtons
                    index={index}
                    count={pairs.length}
                    name={name}
                    disabled={disabled}
                    onMove={(from, to) => changePairs((current) => moveRow(current, pair.key, to - from))}
                    onRemove={
                      pairs.length > 1
                        ? () => changePairs((current) => removeRow(current, pair.key))
                        : undefined
                    }
                  />
                </Flex>
              );
            })}
            <Button
              icon={<PlusOutlined aria-hidden />}
              disabled={disabled || pairs.length >= SUBJECT_LIMITS.pairsMax}
              onClick={() => changePairs((current) => [...current, emptyPair()])}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('editor.addLeftItem')}
            </Button>
            <ListError error={errors.pairs} />
          </Flex>
        </div>
      </Col>
      <Col xs={24} md={12}>
        <div role="group" aria-labelledby={rightId}>
          <ListLabel id={rightId}>{t('editor.rightItems')}</ListLabel>
          <Flex vertical gap={8}>
            {options.map((option, index) => {
              const letter = optionLetter(index);
              const name = t('editor.rightItemName', { letter });
              return (
                <Flex key={option.key} gap={8} align="start" data-testid={`right-row-${letter}`}>
                  <Typography.Text strong style={{ width: 20, lineHeight: '32px' }} aria-hidden>
                    {letter}
                  </Typography.Text>
                  <div style={{ flex: 1 }}>
                    <EditorField error={errors[`options.${index}.content`]} compact>
                      <RichTextInput
                        pictures
                        compact
                        aria-label={name}
                        minRows={1}
                        value={option.content}
                        disabled={disabled}
                        onChange={(html) =>
                          changeOptions((current) => patchRow(current, option.key, { content: html }))
                        }
                      />
                    </EditorField>
                  </div>
                  <RowButtons
                    index={index}
                    count={options.length}
                    name={name}
                    disabled={disabled}
                    onMove={(from, to) => changeOptions((current) => moveRow(current, option.key, to - from))}
                    onRemove={
                      options.length > 1
                        ? () => changeOptions((current) => removeRow(current, option.key))
                        : undefined
                    }
                  />
                </Flex>
              );
            })}
            <Button
              icon={<PlusOutlined aria-hidden />}
              disabled={disabled || options.length >= SUBJECT_LIMITS.optionsMax}
              onClick={() => changeOptions((current) => [...current, emptyOption()])}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('editor.addRightItem')}
            </Button>
            <ListError error={errors.options} />
          </Flex>
        </div>
      </Col>
    </Row>
  );
}
