import { CheckSquareOutlined } from '@ant-design/icons';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { ImportExportActions } from '../../data-import/public/import-export-actions.tsx';
import { RetakeRecords } from '../components/retakes/retake-records.tsx';
import { RetakeSubmissionView } from '../components/retakes/retake-submission-view.tsx';
import { ItemAnalysisTab } from '../components/statistics/item-analysis-tab.tsx';
import { PaperEditor } from '../components/subject-list/paper-editor.tsx';
import { parseRouteId } from '../components/subject-list/route-id.ts';

/** The retake records table opens a record in a new tab at `/exam/{id}/subjects#/retake-record-submission/{recordId}`. */
const RETAKE_SUBMISSION_HASH = /^#\/retake-record-submission\/(\d+)$/;

/** `/exam/:id/subjects`: the exam's question editor (and, by hash, one retake record's submission). */
export function ExamSubjectsPage() {
  const { t } = useTranslation('exams');
  const { id } = useParams();
  const { hash } = useLocation();
  const examId = parseRouteId(id);
  if (examId === undefined) return <Result status="404" title={t('paper.notFound')} />;

  const retake = RETAKE_SUBMISSION_HASH.exec(hash);
  const recordId = parseRouteId(retake?.[1]);
  if (recordId !== undefined) return <RetakeSubmissionView examId={examId} recordId={recordId} />;

  return (
    <PaperEditor
      kind="exam"
      examId={examId}
      links={(exam, paper, canEdit) => (
        <>
          <Link to={`/exam/${exam.id}/marking`}>
            <CheckSquareOutlined aria-hidden /> {t('paper.marking')}
          </Link>
          <ImportExportActions
            target={{ belong: 'exam', id: exam.id, isMakeupExam: paper.isMakeup }}
            canImport={canEdit}
          />
        </>
      )}
      extraTabs={(exam) => [
        { key: 'retakes', label: t('paper.retakesTab'), children: <RetakeRecords examId={examId} /> },
        {
          key: 'item-analysis',
          label: t('analysis.tab'),
          children: <ItemAnalysisTab examId={examId} hasMakeup={exam.has_make_up_user} />,
        },
      ]}
    />
  );
}
