import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { conditionMax, RUBRIC_LIMITS, rubricTotal } from '@lectern/contracts/rubrics/rubric.rules';
import { Alert, Button, Card, Flex, Form, Input, InputNumber, Segmented, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RubricPreview } from '../public/rubric-preview.tsx';
import {
  newCondition,
  newLevel,
  type ConditionDraft,
  type DefaultLevelLabels,
  type LevelDraft,
  type RubricDraft,
  type RubricErrors,
} from './rubric-draft.ts';

export type RubricEditorMode = 'edit' | 'preview';

export interface RubricEditorProps {
  mode: RubricEditorMode;
  onModeChange: (mode: RubricEditorMode) => void;
  draft: RubricDraft;
  onChange: (draft: RubricDraft) => void;
  /** Messages by wire path (`conditions.0.levels.1.score`) shown under their inputs. */
  errors: RubricErrors;
  disabled?: boolean;
  /**
   * Homeworks use the rubric: criteria, ratings and scores stay as they are (the server refuses other
   * changes), so only the wording is editable.
   */
  scoringLocked?: boolean;
}

/** One labelled input with its message underneath (antd's layout only; the draft is this editor's own). */
function Field({
  label,
  htmlFor,
  error,
  children,
}: {
  label: ReactNode;
  htmlFor: string;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <Form.Item
      label={label}
      htmlFor={htmlFor}
      validateStatus={error ? 'error' : undefined}
      help={error}
      style={{ marginBottom: 12 }}
    >
      {children}
    </Form.Item>
  );
}

/** A message about a whole list (the criteria, a criterion's ratings), below its rows. */
function ListError({ error }: { error: string | undefined }) {
  if (!error) return null;
  return (
    <div role="alert" className="ant-form-item-explain-error" style={{ color: 'var(--ant-color-error)' }}>
      {error}
    </div>
  );
}

/** Spec 000 addendum: the rubric editor with preview and edit modes; the total follows every keystroke. */
export function RubricEditor({
  mode,
  onModeChange,
  draft,
  onChange,
  errors,
  disabled = false,
  scoringLocked = false,
}: RubricEditorProps) {
  const { t } = useTranslation('rubrics');
  const labels: DefaultLevelLabels = {
    excellent: t('editor.defaultLevels.excellent'),
    good: t('editor.defaultLevels.good'),
    pass: t('editor.defaultLevels.pass'),
    needImprovement: t('editor.defaultLevels.needImprovement'),
  };

  const setCondition = (index: number, next: ConditionDraft) =>
    onChange({ ...draft, conditions: draft.conditions.map((c, i) => (i === index ? next : c)) });
  const setLevel = (ci: number, li: number, next: LevelDraft) => {
    const condition = draft.conditions[ci];
    if (!condition) return;
    setCondition(ci, { ...condition, levels: condition.levels.map((l, i) => (i === li ? next : l)) });
  };

  return (
    <Form layout="vertical" component={false} disabled={disabled}>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }}>
        <Segmented<RubricEditorMode>
          aria-label={t('editor.modeLabel')}
          value={mode}
          onChange={onModeChange}
          options={[
            { value: 'edit', label: t('editor.editMode') },
            { value: 'preview', label: t('editor.previewMode') },
          ]}
        />
        <Typography.Text strong aria-live="polite" data-testid="rubric-editor-total">
          {t('editor.total', { total: rubricTotal(draft) })}
        </Typography.Text>
      </Flex>
      {mode === 'preview' ? (
        <>
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            {draft.name}
          </Typography.Title>
          <RubricPreview rubric={draft} />
        </>
      ) : (
        <>
          {scoringLocked && (
            <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('editor.scoringLocked')} />
          )}
          <Field label={t('editor.name')} htmlFor="rubric-name" error={errors.name}>
            <Input
              id="rubric-name"
              value={draft.name}
              maxLength={RUBRIC_LIMITS.nameMax}
              showCount
              placeholder={t('editor.namePlaceholder')}
              onChange={(e) => onChange({ ...draft, name: e.target.value })}
            />
          </Field>
          <Flex vertical gap={12}>
            {draft.conditions.map((condition, ci) => (
              <ConditionCard
                key={condition.key}
                index={ci}
                condition={condition}
                errors={errors}
                scoringLocked={scoringLocked}
                onChange={(next) => setCondition(ci, next)}
                onLevelChange={(li, next) => setLevel(ci, li, next)}
                onRemove={() =>
                  onChange({ ...draft, conditions: draft.conditions.filter((_, i) => i !== ci) })
                }
              />
            ))}
          </Flex>
          <ListError error={errors.conditions} />
          <Button
            type="dashed"
            block
            icon={<PlusOutlined aria-hidden />}
            style={{ marginTop: 12 }}
            disabled={scoringLocked || draft.conditions.length >= RUBRIC_LIMITS.conditionsMax}
            onClick={() => onChange({ ...draft, conditions: [...draft.conditions, newCondition(labels)] })}
          >
            {t('editor.addCriterion')}
          </Button>
        </>
      )}
    </Form>
  );
}

interface ConditionCardProps {
  index: number;
  condition: ConditionDraft;
  errors: RubricErrors;
  scoringLocked: boolean;
  onChange: (next: ConditionDraft) => void;
  onLevelChange: (levelIndex: number, next: LevelDraft) => void;
  onRemove: () => void;
}

function ConditionCard({
  index,
  condition,
  errors,
  scoringLocked,
  onChange,
  onLevelChange,
  onRemove,
}: ConditionCardProps) {
  const { t } = useTranslation('rubrics');
  const n = index + 1;
  const path = `conditions.${index}`;
  const id = `rubric-${condition.key}`;
  return (
    <Card
      size="small"
      title={t('editor.criterion', { index: n })}
      extra={
        <Flex align="center" gap={8}>
          <Typography.Text type="secondary">
            {t('editor.criterionMax', { score: conditionMax(condition) })}
          </Typography.Text>
          <Button
            type="text"
            danger
            icon={<DeleteOutlined aria-hidden />}
            aria-label={t('editor.removeCriterion', { index: n })}
            disabled={scoringLocked}
            onClick={onRemove}
          />
        </Flex>
      }
    >
      <Field label={t('editor.criterionName')} htmlFor={`${id}-name`} error={errors[`${path}.name`]}>
        <Input
          id={`${id}-name`}
          aria-label={t('editor.criterionNameLabel', { index: n })}
          value={condition.name}
          maxLength={RUBRIC_LIMITS.nameMax}
          onChange={(e) => onChange({ ...condition, name: e.target.value })}
        />
      </Field>
      <Field
        label={t('editor.criterionDescription')}
        htmlFor={`${id}-description`}
        error={errors[`${path}.description`]}
      >
        <Input.TextArea
          id={`${id}-description`}
          aria-label={t('editor.criterionDescriptionLabel', { index: n })}
          value={condition.description}
          maxLength={RUBRIC_LIMITS.descriptionMax}
          autoSize={{ minRows: 1, maxRows: 4 }}
          onChange={(e) => onChange({ ...condition, description: e.target.value })}
        />
      </Field>
      <Typography.Text strong>{t('editor.ratings')}</Typography.Text>
      <Flex wrap gap={8} style={{ marginTop: 8 }}>
        {condition.levels.map((level, li) => {
          const levelPath = `${path}.levels.${li}`;
          const levelId = `rubric-${level.key}`;
          const names = { criterion: n, level: li + 1 };
          return (
            <div
              key={level.key}
              style={{
                width: 196,
                padding: 8,
                border: '1px solid var(--ant-color-border-secondary)',
                borderRadius: 6,
              }}
            >
              <Flex justify="space-between" align="start">
                <Field
                  label={t('editor.score')}
                  htmlFor={`${levelId}-score`}
                  error={errors[`${levelPath}.score`]}
                >
                  <InputNumber
                    id={`${levelId}-score`}
                    aria-label={t('editor.scoreLabel', names)}
                    value={level.score}
                    min={0}
                    max={RUBRIC_LIMITS.scoreMax}
                    step={1}
                    disabled={scoringLocked}
                    style={{ width: 110 }}
                    onChange={(value) =>
                      onLevelChange(li, { ...level, score: typeof value === 'number' ? value : null })
                    }
                  />
                </Field>
                <Button
                  type="text"
                  danger
                  size="small"
                  icon={<DeleteOutlined aria-hidden />}
                  aria-label={t('editor.removeRating', names)}
                  disabled={scoringLocked}
                  onClick={() =>
                    onChange({ ...condition, levels: condition.levels.filter((_, i) => i !== li) })
                  }
                />
              </Flex>
              <Field
                label={t('editor.ratingDescription')}
                htmlFor={`${levelId}-description`}
                error={errors[`${levelPath}.description`]}
              >
                <Input.TextArea
                  id={`${levelId}-description`}
                  aria-label={t('editor.ratingDescriptionLabel', names)}
                  value={level.description}
                  maxLength={RUBRIC_LIMITS.descriptionMax}
                  autoSize={{ minRows: 2, maxRows: 5 }}
                  onChange={(e) => onLevelChange(li, { ...level, description: e.target.value })}
                />
              </Field>
            </div>
          );
        })}
        <Button
          type="dashed"
          icon={<PlusOutlined aria-hidden />}
          disabled={scoringLocked || condition.levels.length >= RUBRIC_LIMITS.levelsMax}
          onClick={() => onChange({ ...condition, levels: [...condition.levels, newLevel()] })}
          style={{ alignSelf: 'stretch', minHeight: 64 }}
        >
          {t('editor.addRating')}
        </Button>
      </Flex>
      <ListError error={errors[`${path}.levels`]} />
    </Card>
  );
}
