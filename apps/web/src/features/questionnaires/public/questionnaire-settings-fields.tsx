import { Form, Switch } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Questionnaire settings inside the activity form (values under `questionnaire`). The questions are copied
 * from a questionnaire library afterwards; the answering window is the activity's start and end time.
 * Loaded only when the instructor picks the questionnaire type.
 */
export function QuestionnaireSettingsFields() {
  const { t } = useTranslation('questionnaires');
  return (
    <Form.Item
      name={['questionnaire', 'is_anonymous']}
      label={t('settings.anonymous')}
      valuePropName="checked"
      extra={t('settings.anonymousHint')}
    >
      <Switch />
    </Form.Item>
  );
}
