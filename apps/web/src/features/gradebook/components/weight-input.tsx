import { GRADEBOOK_LIMITS, type GradeScoreItem } from '@lectern/contracts/gradebook/gradebook.schemas';
import { App, InputNumber } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateItemWeight } from '../api/update-item-weight.ts';

export interface WeightInputProps {
  courseId: number;
  item: GradeScoreItem;
}

/**
 * An item's weight, saved when the field is left or Enter is pressed (only if it changed). A refused or
 * emptied value goes back to the stored weight. Remount it (key) when the stored weight changes.
 */
export function WeightInput({ courseId, item }: WeightInputProps) {
  const { t } = useTranslation('gradebook');
  const { message } = App.useApp();
  const [value, setValue] = useState<number | null>(item.weight);
  const update = useUpdateItemWeight(courseId);

  const save = () => {
    if (value === null || value === item.weight) {
      setValue(item.weight);
      return;
    }
    update.mutate(
      { activityId: item.id, body: { weight: value } },
      {
        onSuccess: () => void message.success(t('table.weightSaved')),
        onError: (error) => {
          void message.error(error.message);
          setValue(item.weight);
        },
      },
    );
  };

  return (
    <InputNumber<number>
      size="small"
      min={0}
      max={GRADEBOOK_LIMITS.weightMax}
      step={1}
      value={value}
      onChange={setValue}
      onBlur={save}
      onPressEnter={save}
      disabled={update.isPending}
      aria-label={t('table.weightOf', { title: item.title })}
      style={{ width: 88 }}
    />
  );
}
