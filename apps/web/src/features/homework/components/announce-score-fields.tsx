import { ANNOUNCE_SCORE_TYPES, type AnnounceScoreType } from '@lectern/contracts/homework/homework-settings';
import { announceTimeProblem } from '@lectern/contracts/homework/homework.rules';
import { Form, Radio, type FormRule } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import { useTranslation } from 'react-i18next';
import { DateTimePicker } from '../../../shared/components/date-time-picker.tsx';
import { homeworkMessage } from './homework-messages.ts';

export interface AnnounceScoreFieldsProps {
  /** Where the two fields live in the surrounding form, e.g. `['homework']`; the form root when empty. */
  prefix?: readonly string[];
  /**
   * The homework's close time: a form field holding it (the activity dialog edits it alongside), or the
   * stored value.
   */
  closeTime: { field: NamePath } | { value: string | null };
}

/** Score publishing: not published, at once, or from a chosen time that is not before the close time. */
export function AnnounceScoreFields({ prefix = [], closeTime }: AnnounceScoreFieldsProps) {
  const { t } = useTranslation('homework');
  const form = Form.useFormInstance();
  const typeName = [...prefix, 'announceScoreType'];
  const timeName = [...prefix, 'announceScoreTime'];
  const type = Form.useWatch(typeName, form) as AnnounceScoreType | undefined;
  const closeField = 'field' in closeTime ? closeTime.field : undefined;

  const timeRules: FormRule[] = [
    ({ getFieldValue }) => ({
      validator: async (_rule, value: string | null | undefined) => {
        const end =
          'field' in closeTime
            ? (getFieldValue(closeTime.field) as string | null | undefined)
            : closeTime.value;
        const problem = announceTimeProblem(
          {
            announceScoreType: getFieldValue(typeName) as AnnounceScoreType,
            announceScoreTime: value ?? null,
          },
          end,
        );
        if (problem) throw new Error(homeworkMessage(problem));
      },
    }),
  ];

  return (
    <>
      <Form.Item name={typeName} label={t('publish.type')}>
        <Radio.Group
          options={Object.values(ANNOUNCE_SCORE_TYPES).map((value) => ({
            value,
            label: t(`publish.types.${value}`),
          }))}
        />
      </Form.Item>
      {type === ANNOUNCE_SCORE_TYPES.customTime ? (
        <Form.Item
          name={timeName}
          label={t('publish.time')}
          required
          dependencies={closeField ? [typeName, closeField] : [typeName]}
          rules={timeRules}
          extra={t('publish.timeHint')}
        >
          <DateTimePicker style={{ width: '100%' }} />
        </Form.Item>
      ) : null}
    </>
  );
}
