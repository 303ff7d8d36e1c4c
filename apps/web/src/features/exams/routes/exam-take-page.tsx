import type { Exam } from '@lectern/contracts/exams/exam.schemas';
import { Flex, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorState, LoadingState } from '../../../shared/components/page-state.tsx';
import { useExamQualification } from '../api/check-exam-qualification.ts';
import { useExamPaper } from '../api/distribute-exam-paper.ts';
import { useExam } from '../api/get-exam.ts';
import { ExamPaperForm } from '../components/taking/exam-paper-form.tsx';
import { ExamPageHeader } from '../components/taking/exam-page-header.tsx';
import { examResultPath } from '../components/taking/exam-paths.ts';
import { NotFoundResult, useExamIdParam } from '../components/taking/exam-route-params.tsx';

function TakeExam({ exam }: { exam: Exam }) {
  const { t } = useTranslation('exams');
  const navigate = useNavigate();
  const qualification = useExamQualification(exam.id);
  const qualified = qualification.data?.qualified === true;
  const paper = useExamPaper(exam.id, qualified);

  if (qualification.isPending) return <LoadingState />;
  if (!qualification.data) {
    return <ErrorState error={qualification.error} onRetry={() => void qualification.refetch()} />;
  }
  if (!qualified) {
    return (
      <Result
        status="warning"
        title={t('taking.cannotStart')}
        subTitle={qualification.data.message ?? t(`taking.reasons.${qualification.data.reason ?? 'closed'}`)}
      />
    );
  }
  if (paper.isPending) return <LoadingState />;
  if (!paper.data) {
    return (
      <ErrorState error={paper.error} onRetry={() => void paper.refetch()} retrying={paper.isRefetching} />
    );
  }
  return (
    <ExamPaperForm
      examId={exam.id}
      paper={paper.data}
      onSubmitted={() =>
        void navigate(examResultPath(exam.id), { replace: true, state: { justSubmitted: true } })
      }
    />
  );
}

function TakePageContent({ examId }: { examId: number }) {
  const exam = useExam({ kind: 'exam', id: examId });
  if (exam.isPending) return <LoadingState />;
  if (!exam.data) return <ErrorState error={exam.error} onRetry={() => void exam.refetch()} />;
  return (
    <Flex vertical gap={16}>
      <ExamPageHeader exam={exam.data} title={exam.data.title} />
      <TakeExam exam={exam.data} />
    </Flex>
  );
}

/** `/exam/:id/take`: a student answers the exam's paper. */
export function ExamTakePage() {
  const examId = useExamIdParam();
  if (examId === null) return <NotFoundResult />;
  return <TakePageContent key={examId} examId={examId} />;
}
