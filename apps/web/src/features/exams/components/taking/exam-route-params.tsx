import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

/** The exam id of an `/exam/:id/...` address, or null when it is not a valid id. */
export function useExamIdParam(): number | null {
  const { id } = useParams();
  const examId = Number(id);
  return Number.isInteger(examId) && examId > 0 ? examId : null;
}

export function NotFoundResult() {
  const { t } = useTranslation('exams');
  return <Result status="404" title={t('taking.notFound')} />;
}
