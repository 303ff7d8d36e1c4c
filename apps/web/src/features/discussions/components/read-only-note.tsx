import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';

/** Shown instead of a form while an instructor views the course as a student. */
export function ReadOnlyNote() {
  const { t } = useTranslation('discussions');
  return <Alert type="info" showIcon title={t('form.simulating')} />;
}
