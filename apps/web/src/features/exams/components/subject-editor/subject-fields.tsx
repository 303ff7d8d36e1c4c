import { PlusOutlined } from '@ant-design/icons';
import {
  SUB_SUBJECT_TYPES,
  SUBJECT_LIMITS,
  type SubjectType,
} from '@lectern/contracts/exams/subject.schemas';
import { Button, Card, Col, Flex, Input, InputNumber, Row, Select, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { RichTextInput } from '../../../../shared/components/rich-text/rich-text-input.tsx';
import { BlankRows } from './blank-rows.tsx';
import { EditorField, ListError, ListLabel } from './editor-field.tsx';
import { MatchingRows } from './matching-rows.tsx';
import { OptionRows } from './option-rows.tsx';
import { RowButtons, moveRow, removeRow } from './row-buttons.tsx';
import {
  changeDraftType,
  errorsUnder,
  isOptionType,
  isStemType,
  newSubDraft,
  stemPoints,
  type DraftChange,
  type FieldErrorMap,
  type SubjectDraft,
  type SubjectDraftBase,
  type TrueFalseLabels,
} from './subject-draft.ts';
import { DIFFICULTY_NAMES } from './subject-labels.ts';

export interface SubjectFieldsProps<D extends SubjectDraftBase> {
  draft: D;
  /** Receives each change to apply to the question as it is then (see DraftChange). */
  onChange: (change: DraftChange<D>) => void;
  /** Messages to show, keyed by path relative to this question. */
  errors: FieldErrorMap;
  /** Reports which input the author just changed (see errorGroup), so its messages start to show. */
  onTouch: (group: string) => void;
  typeOptions: readonly SubjectType[];
  disabled?: boolean;
}

function useTrueFalseLabels(): TrueFalseLabels {
  const { t } = useTranslation('exams');
  return { true: t('editor.trueLabel'), false: t('editor.falseLabel') };
}

/** Every input of one question (or one sub-question of a stem), laid out by type. */
export function SubjectFields<D extends SubjectDraftBase>({
  draft,
  onChange,
  errors,
  onTouch,
  typeOptions,
  disabled,
}: SubjectFieldsProps<D>) {
  const { t } = useTranslation('exams');
  const id = useId();
  const labels = useTrueFalseLabels();
  // Each input changes its own fields only, on the question as it is when the change applies.
  const change = (group: string, fields: (current: D) => Partial<SubjectDraftBase>) => {
    onTouch(group);
    onChange((current) => ({ ...current, ...fields(current) }));
  };
  const patch = (group: string, values: Partial<SubjectDraftBase>) => change(group, () => values);
  const stem = isStemType(draft.type) && 'sub_subjects' in draft;
  const isParagraph = draft.type === 'paragraph_desc';

  return (
    <>
      <Row gutter={16}>
        <Col xs={24} sm={10}>
          <EditorField label={t('editor.type')} htmlFor={`${id}-type`} error={errors.type}>
            <Select<SubjectType>
              id={`${id}-type`}
              value={draft.type}
              disabled={disabled || typeOptions.length < 2}
              options={typeOptions.map((type) => ({ value: type, label: t(`types.${type}`) }))}
              onChange={(type) => {
                onTouch('type');
                onChange((current) => changeDraftType(current, type, labels));
              }}
            />
          </EditorField>
        </Col>
        <Col xs={12} sm={7}>
          {stem ? (
            <EditorField label={t('editor.point')} error={errors.point}>
              <Typography.Text>
                {t('editor.stemPoints', { points: stemPoints(draft as unknown as SubjectDraft) })}
              </Typography.Text>
            </EditorField>
          ) : isParagraph ? (
            <EditorField label={t('editor.point')} error={errors.point}>
              <Typography.Text type="secondary">{t('editor.paragraphNoPoints')}</Typography.Text>
            </EditorField>
          ) : (
            <EditorField label={t('editor.point')} htmlFor={`${id}-point`} error={errors.point}>
              <InputNumber<number>
                id={`${id}-point`}
                min={0}
                max={SUBJECT_LIMITS.pointMax}
                step={0.5}
                value={draft.point}
                disabled={disabled}
                aria-invalid={errors.point ? true : undefined}
                style={{ width: '100%' }}
                onChange={(value) => patch('point', { point: value })}
              />
            </EditorField>
          )}
        </Col>
        <Col xs={12} sm={7}>
          {!isParagraph && (
            <EditorField
              label={t('editor.difficulty')}
              htmlFor={`${id}-difficulty`}
              error={errors.difficulty_level}
            >
              <Select<0 | 1 | 2 | 3>
                id={`${id}-difficulty`}
                value={draft.difficulty_level}
                disabled={disabled}
                options={DIFFICULTY_NAMES.map((name, level) => ({
                  value: level as 0 | 1 | 2 | 3,
                  label: t(`difficulty.${name}`),
                }))}
                onChange={(level) => patch('difficulty_level', { difficulty_level: level })}
              />
            </EditorField>
          )}
        </Col>
      </Row>
      <EditorField
        label={isParagraph ? t('editor.paragraphText') : t('editor.description')}
        htmlFor={`${id}-description`}
        error={errors.description}
      >
        <RichTextInput
          pictures
          id={`${id}-description`}
          minRows={3}
          value={draft.description}
          disabled={disabled}
          status={errors.description ? 'error' : undefined}
          onChange={(html) => patch('description', { description: html })}
        />
      </EditorField>

      {isOptionType(draft.type) && (
        <OptionRows
          type={draft.type}
          options={draft.options}
          errors={errors}
          disabled={disabled}
          onChange={(update) => change('options', (current) => ({ options: update(current.options) }))}
        />
      )}
      {draft.type === 'fill_in_blank' && (
        <BlankRows
          blanks={draft.blanks}
          caseSensitive={draft.case_sensitive}
          unorderedBlanks={draft.unordered_blanks}
          errors={errors}
          disabled={disabled}
          onChange={(update) =>
            change('blanks', (current) =>
              update({
                blanks: current.blanks,
                case_sensitive: current.case_sensitive,
                unordered_blanks: current.unordered_blanks,
              }),
            )
          }
        />
      )}
      {draft.type === 'matching' && (
        <MatchingRows
          pairs={draft.pairs}
          options={draft.options}
          errors={errors}
          disabled={disabled}
          onChange={(update) => {
            // Both lists carry rules about each other (enough right items for the pairs).
            onTouch('options');
            change('pairs', (current) => update({ pairs: current.pairs, options: current.options }));
          }}
        />
      )}
      {draft.type === 'short_answer' && (
        <EditorField
          label={t('editor.referenceAnswer')}
          htmlFor={`${id}-answer`}
          error={errors.answer}
          extra={t('editor.referenceAnswerHint')}
        >
          <RichTextInput
            pictures
            id={`${id}-answer`}
            minRows={2}
            value={draft.answer}
            disabled={disabled}
            onChange={(html) => patch('answer', { answer: html })}
          />
        </EditorField>
      )}
      {stem && (
        <SubSubjectRows
          draft={draft as unknown as SubjectDraft}
          errors={errors}
          onTouch={onTouch}
          disabled={disabled}
          onChange={(update) =>
            onChange((current) => update(current as unknown as SubjectDraft) as unknown as D)
          }
        />
      )}
      {!isParagraph && (
        <EditorField
          label={t('editor.explanation')}
          htmlFor={`${id}-explanation`}
          error={errors.answer_explanation}
        >
          <RichTextInput
            pictures
            id={`${id}-explanation`}
            minRows={2}
            value={draft.answer_explanation}
            disabled={disabled}
            onChange={(html) => patch('answer_explanation', { answer_explanation: html })}
          />
        </EditorField>
      )}
      <EditorField
        label={t('editor.note')}
        htmlFor={`${id}-note`}
        error={errors.note}
        extra={t('editor.noteHint')}
      >
        <Input
          id={`${id}-note`}
          value={draft.note}
          maxLength={SUBJECT_LIMITS.noteMax}
          disabled={disabled}
          onChange={(event) => patch('note', { note: event.target.value })}
        />
      </EditorField>
    </>
  );
}

interface SubSubjectRowsProps {
  draft: SubjectDraft;
  onChange: (change: DraftChange<SubjectDraft>) => void;
  errors: FieldErrorMap;
  onTouch: (group: string) => void;
  disabled?: boolean | undefined;
}

/** The sub-questions of an analysis or cloze stem; a cloze gap is always a single choice. */
function SubSubjectRows({ draft, onChange, errors, onTouch, disabled }: SubSubjectRowsProps) {
  const { t } = useTranslation('exams');
  const labelId = useId();
  const labels = useTrueFalseLabels();
  const subs = draft.sub_subjects;
  const typeOptions: readonly SubjectType[] =
    draft.type === 'cloze' ? ['single_selection'] : SUB_SUBJECT_TYPES;
  const changeSubs = (change: DraftChange<SubjectDraftBase[]>) => {
    onTouch('sub_subjects');
    onChange((current) => ({ ...current, sub_subjects: change(current.sub_subjects) }));
  };

  return (
    <div role="group" aria-labelledby={labelId} style={{ marginBottom: 24 }}>
      <ListLabel id={labelId}>{t('editor.subSubjects')}</ListLabel>
      <Flex vertical gap={12}>
        {subs.map((sub, index) => {
          const name = t('editor.subSubjectName', { number: index + 1 });
          return (
            <Card
              key={sub.key}
              size="small"
              title={name}
              data-testid={`sub-subject-${index + 1}`}
              extra={
                <RowButtons
                  index={index}
                  count={subs.length}
                  name={name}
                  disabled={disabled}
                  onMove={(from, to) => changeSubs((current) => moveRow(current, sub.key, to - from))}
                  onRemove={
                    subs.length > 1 ? () => changeSubs((current) => removeRow(current, sub.key)) : undefined
                  }
                />
              }
            >
              <SubjectFields
                draft={sub}
                typeOptions={typeOptions}
                errors={errorsUnder(errors, `sub_subjects.${index}`)}
                disabled={disabled}
                onTouch={(group) => onTouch(`sub_subjects.${index}.${group}`)}
                onChange={(update) =>
                  onChange((current) => ({
                    ...current,
                    sub_subjects: current.sub_subjects.map((s) => (s.key === sub.key ? update(s) : s)),
                  }))
                }
              />
            </Card>
          );
        })}
        <Button
          icon={<PlusOutlined aria-hidden />}
          disabled={disabled || subs.length >= SUBJECT_LIMITS.subSubjectsMax}
          onClick={() => changeSubs((current) => [...current, newSubDraft('single_selection', labels)])}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('editor.addSubSubject')}
        </Button>
        <ListError error={errors.sub_subjects} />
      </Flex>
    </div>
  );
}
