import { ArrowLeftOutlined } from '@ant-design/icons';
import type { Exam } from '@lectern/contracts/exams/exam.schemas';
import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { activityPath } from './exam-paths.ts';

/**
 * The top of a page under an exam (taking, result, marking): a way back to the exam's activity page and the
 * page's title. A fragment, so it sits in the page's own vertical flow.
 */
export function ExamPageHeader({ exam, title }: { exam: Exam; title: string }) {
  const { t } = useTranslation('exams');
  return (
    <>
      <div>
        <Link to={activityPath(exam.course_id, exam.id)}>
          <Space size={4}>
            <ArrowLeftOutlined aria-hidden />
            {t('taking.backToExam')}
          </Space>
        </Link>
      </div>
      {/* These pages live outside the course layout, so the exam's title is the page's one h1. */}
      <Typography.Title level={1} style={{ margin: 0, fontSize: 22 }}>
        {title}
      </Typography.Title>
    </>
  );
}
