import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ImportExportActions } from '../../data-import/public/import-export-actions.tsx';
import { PaperEditor } from '../components/subject-list/paper-editor.tsx';
import { parseRouteId } from '../components/subject-list/route-id.ts';

/** `/course/classroom-exam/:id/subjects`: the classroom exam's question editor (points from `/api/classrooms/{id}/points`). */
export function ClassroomSubjectsPage() {
  const { t } = useTranslation('exams');
  const examId = parseRouteId(useParams().id);
  if (examId === undefined) return <Result status="404" title={t('paper.notFound')} />;
  return (
    <PaperEditor
      kind="classroom"
      examId={examId}
      links={(exam, _paper, canEdit) => (
        <ImportExportActions target={{ belong: 'classroom', id: exam.id }} canImport={canEdit} />
      )}
    />
  );
}
