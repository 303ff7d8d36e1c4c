import { HOMEWORK_LIMITS } from '@lectern/contracts/homework/homework-settings';
import { Form, InputNumber, Radio, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTimePicker } from '../../../shared/components/date-time-picker.tsx';
import { GroupSetSelect } from '../../courses/public/group-set-select.tsx';
import { AnnounceScoreFields } from '../components/announce-score-fields.tsx';
import { homeworkMessage } from '../components/homework-messages.ts';

/**
 * Homework settings inside the activity form (an antd Form); values live under the `homework` name. The
 * deadline is the activity's own end time, edited above these fields.
 */
export function HomeworkSettingsFields({ courseId }: { courseId: number }) {
  const { t } = useTranslation('homework');
  const form = Form.useFormInstance();
  const isGroup = Form.useWatch(['homework', 'is_group'], form) as boolean | undefined;
  const limited = Form.useWatch(['homework', 'limit_submissions'], form) as boolean | undefined;
  const allowLate = Form.useWatch(['homework', 'allow_late_submission'], form) as boolean | undefined;
  const checkDuplicates = Form.useWatch(['homework', 'duplicate_check_enabled'], form) as boolean | undefined;

  return (
    <>
      <Form.Item name={['homework', 'is_group']} label={t('settings.mode')}>
        <Radio.Group
          options={[
            { value: false, label: t('settings.individual') },
            { value: true, label: t('settings.group') },
          ]}
        />
      </Form.Item>
      {isGroup ? (
        <Form.Item
          name={['homework', 'group_set_id']}
          label={t('settings.groupSet')}
          rules={[{ required: true, message: t('settings.groupSetRequired') }]}
          extra={t('settings.groupSetHint')}
        >
          <GroupSetSelect courseId={courseId} placeholder={t('settings.groupSetPlaceholder')} />
        </Form.Item>
      ) : null}
      <Form.Item name={['homework', 'limit_submissions']} label={t('settings.submitTimes')}>
        <Radio.Group
          options={[
            { value: false, label: t('settings.unlimited') },
            { value: true, label: t('settings.limited') },
          ]}
        />
      </Form.Item>
      {limited ? (
        <Form.Item
          name={['homework', 'submit_times']}
          label={t('settings.submitTimesCount')}
          rules={[
            {
              required: true,
              type: 'integer',
              min: 1,
              max: HOMEWORK_LIMITS.submitTimesMax,
              message: homeworkMessage('homework.submitTimesInvalid'),
            },
          ]}
          extra={t('settings.submitTimesHint')}
        >
          <InputNumber min={1} max={HOMEWORK_LIMITS.submitTimesMax} precision={0} />
        </Form.Item>
      ) : null}
      <Form.Item
        name={['homework', 'allow_late_submission']}
        label={t('settings.allowLate')}
        valuePropName="checked"
        extra={t('settings.allowLateHint')}
      >
        <Switch />
      </Form.Item>
      {allowLate ? (
        <Form.Item
          name={['homework', 'late_submission_end_time']}
          label={t('settings.lateEnd')}
          extra={t('settings.lateEndHint')}
        >
          <DateTimePicker style={{ width: '100%' }} />
        </Form.Item>
      ) : null}
      <Form.Item
        name={['homework', 'duplicate_check_enabled']}
        label={t('settings.duplicateCheck')}
        valuePropName="checked"
      >
        <Switch />
      </Form.Item>
      {checkDuplicates ? (
        <Form.Item
          name={['homework', 'duplicate_check_threshold']}
          label={t('settings.duplicateThreshold')}
          rules={[
            {
              required: true,
              type: 'number',
              min: 0,
              max: 100,
              message: homeworkMessage('homework.thresholdInvalid'),
            },
          ]}
          extra={t('settings.duplicateThresholdHint')}
        >
          <InputNumber min={0} max={100} suffix="%" />
        </Form.Item>
      ) : null}
      <AnnounceScoreFields prefix={['homework']} closeTime={{ field: 'end_time' }} />
    </>
  );
}
