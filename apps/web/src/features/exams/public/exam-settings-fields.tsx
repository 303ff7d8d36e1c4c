import {
  ANNOUNCE_TYPES,
  EXAM_DISPLAY_MODES,
  EXAM_LIMITS,
  SCORE_RULES,
} from '@lectern/contracts/exams/exam-settings';
import { Form, InputNumber, Radio, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTimePicker } from '../../../shared/components/date-time-picker.tsx';
import { GroupSetSelect } from '../../courses/public/group-set-select.tsx';

/** Exam settings inside the activity form (an antd Form); values live under the `exam` name. */
export function ExamSettingsFields({ courseId, type }: { courseId: number; type: string }) {
  const { t } = useTranslation('exams');
  const form = Form.useFormInstance();
  const answerType = Form.useWatch(['exam', 'announce_answer_type'], form) as string | undefined;
  const scoreType = Form.useWatch(['exam', 'announce_score_type'], form) as string | undefined;
  const submitTimes = Form.useWatch(['exam', 'submit_times'], form) as number | undefined;
  const isClassroom = type === 'classroom_exam';

  return (
    <>
      <Form.Item
        name={['exam', 'total_points']}
        label={t('settings.totalPoints')}
        rules={[{ required: true, message: t('settings.totalPointsRequired') }]}
      >
        <InputNumber min={0.1} max={EXAM_LIMITS.totalPointsMax} step={1} precision={1} />
      </Form.Item>
      {isClassroom ? null : (
        <>
          <Form.Item
            name={['exam', 'submit_times']}
            label={t('settings.submitTimes')}
            rules={[{ required: true, message: t('settings.submitTimesRequired') }]}
            extra={t('settings.submitTimesHint')}
          >
            <InputNumber min={1} max={EXAM_LIMITS.submitTimesMax} precision={0} />
          </Form.Item>
          <Form.Item
            name={['exam', 'time_limit_minutes']}
            label={t('settings.timeLimit')}
            extra={t('settings.timeLimitHint')}
          >
            <InputNumber
              min={1}
              max={EXAM_LIMITS.timeLimitMinutesMax}
              precision={0}
              placeholder={t('settings.timeLimitNone')}
              suffix={t('settings.minutes')}
              style={{ width: 200 }}
            />
          </Form.Item>
          {(submitTimes ?? 1) > 1 ? (
            <Form.Item name={['exam', 'score_rule']} label={t('settings.scoreRule')}>
              <Radio.Group
                options={SCORE_RULES.map((rule) => ({
                  value: rule,
                  label: t(`settings.scoreRules.${rule}`),
                }))}
              />
            </Form.Item>
          ) : null}
          <Form.Item name={['exam', 'display_mode']} label={t('settings.displayMode')}>
            <Radio.Group
              options={EXAM_DISPLAY_MODES.map((mode) => ({
                value: mode,
                label: t(`settings.displayModes.${mode}`),
              }))}
            />
          </Form.Item>
          <Form.Item name={['exam', 'announce_score_type']} label={t('settings.announceScore')}>
            <Select options={ANNOUNCE_TYPES.map((v) => ({ value: v, label: t(`settings.announce.${v}`) }))} />
          </Form.Item>
          {scoreType === 'after_date' ? (
            <Form.Item
              name={['exam', 'announce_score_time']}
              label={t('settings.announceScoreTime')}
              rules={[{ required: true, message: t('settings.announceTimeRequired') }]}
            >
              <DateTimePicker style={{ width: '100%' }} />
            </Form.Item>
          ) : null}
          <Form.Item name={['exam', 'announce_answer_type']} label={t('settings.announceAnswer')}>
            <Select options={ANNOUNCE_TYPES.map((v) => ({ value: v, label: t(`settings.announce.${v}`) }))} />
          </Form.Item>
          {answerType === 'after_date' ? (
            <Form.Item
              name={['exam', 'announce_answer_time']}
              label={t('settings.announceAnswerTime')}
              rules={[{ required: true, message: t('settings.announceTimeRequired') }]}
            >
              <DateTimePicker style={{ width: '100%' }} />
            </Form.Item>
          ) : null}
          <Form.Item
            name={['exam', 'random_subject_order']}
            label={t('settings.randomSubjects')}
            valuePropName="checked"
          >
            <Switch />
          </Form.Item>
          <Form.Item
            name={['exam', 'random_option_order']}
            label={t('settings.randomOptions')}
            valuePropName="checked"
          >
            <Switch />
          </Form.Item>
          <Form.Item
            name={['exam', 'group_set_id']}
            label={t('settings.groupSet')}
            extra={t('settings.groupSetHint')}
          >
            <GroupSetSelect courseId={courseId} placeholder={t('settings.groupSetNone')} />
          </Form.Item>
          <Form.Item
            name={['exam', 'has_make_up_user']}
            label={t('settings.makeUp')}
            valuePropName="checked"
            extra={t('settings.makeUpHint')}
          >
            <Switch />
          </Form.Item>
        </>
      )}
    </>
  );
}
