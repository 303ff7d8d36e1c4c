import { Button, InputNumber, Radio, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCompletionCriteria } from '../api/list-completion-criteria.ts';
import {
  chooseCriterion,
  chooseHasCriterion,
  hasCriterion,
  initialCompletion,
  NONE_COMPLETION,
  selectableOptions,
  takesValue,
  valueRange,
  valueSuffix,
  type CompletionValue,
} from './completion-criteria-input.rules.ts';

/** Widths from spec 001 section 9. */
const SELECT_WIDTH = 200;
const VALUE_WIDTH = 60;

export interface CompletionCriteriaInputProps {
  /**
   * The chosen criterion. Undefined means "not chosen yet": the input shows the type's default, which is
   * also what the server applies when no criterion is sent.
   */
  value?: CompletionValue;
  onChange?: (value: CompletionValue) => void;
  activityType: string | undefined;
  courseId: number;
  id?: string;
  disabled?: boolean;
}

/** Radio none / has a criterion; when has, a select of the criteria the type offers and, for score and completeness, a value. */
export function CompletionCriteriaInput({
  value,
  onChange,
  activityType,
  courseId,
  id,
  disabled,
}: CompletionCriteriaInputProps) {
  const { t } = useTranslation('activities');
  const criteria = useCompletionCriteria(activityType, courseId);
  const options = criteria.data ?? [];
  const selectable = selectableOptions(options);
  const effective = initialCompletion(options, value);
  const has = hasCriterion(effective);

  if (!activityType) {
    return <Typography.Text type="secondary">{t('completion.chooseTypeFirst')}</Typography.Text>;
  }
  if (criteria.isError) {
    return (
      <Space>
        <Typography.Text type="danger">{criteria.error.message}</Typography.Text>
        <Button type="link" size="small" onClick={() => void criteria.refetch()}>
          {t('shared:actions.retry')}
        </Button>
      </Space>
    );
  }

  const onRadioChange = (next: 'none' | 'has') => {
    if (next === 'none') {
      onChange?.(NONE_COMPLETION);
      return;
    }
    const chosen = chooseHasCriterion(options);
    if (chosen) onChange?.(chosen);
  };

  // A stored criterion the type no longer offers stays visible under its own name.
  const selectOptions: { value: string; label: string }[] = selectable.map((option) => ({
    value: option.completion_criterion_type,
    label: option.description,
  }));
  if (has && !selectOptions.some((option) => option.value === effective.key)) {
    selectOptions.push({ value: effective.key, label: t(`criteria.${effective.key}`) });
  }

  const range = valueRange(effective.key);
  const suffix = valueSuffix(effective.key);

  return (
    <Space id={id} wrap align="center">
      <Radio.Group
        aria-label={t('completion.label')}
        value={has ? 'has' : 'none'}
        disabled={disabled || criteria.isPending}
        onChange={(event) => onRadioChange(event.target.value as 'none' | 'has')}
        options={[
          { value: 'none', label: t('completion.none') },
          {
            value: 'has',
            label: t('completion.has'),
            disabled: selectable.length === 0 && !criteria.isPending,
          },
        ]}
      />
      {has ? (
        <Select<string>
          aria-label={t('completion.criterion')}
          style={{ width: SELECT_WIDTH }}
          loading={criteria.isPending}
          disabled={disabled || criteria.isPending}
          value={criteria.isPending ? undefined : effective.key}
          placeholder={t('completion.criterionPlaceholder')}
          options={selectOptions}
          onChange={(key) => onChange?.(chooseCriterion(options, key))}
        />
      ) : null}
      {has && takesValue(effective.key) ? (
        <InputNumber<number>
          aria-label={suffix === '%' ? t('completion.percentValue') : t('completion.value')}
          style={{ width: VALUE_WIDTH }}
          controls={false}
          min={range?.min}
          max={range?.max}
          suffix={suffix ?? undefined}
          disabled={disabled}
          value={effective.value}
          onChange={(next) => onChange?.({ key: effective.key, value: next ?? null })}
        />
      ) : null}
    </Space>
  );
}
