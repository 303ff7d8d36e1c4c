import type { Subject } from '@lectern/contracts/exams/subject.schemas';
import { App, Button, Flex, Result, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../../shared/api/http-client.ts';
import { ErrorState, LoadingState } from '../../../shared/components/page-state.tsx';
import { useCurrentCourse } from '../../courses/public/use-current-course.ts';
import { useClassroomState } from '../api/get-classroom-state.ts';
import { useExam } from '../api/get-exam.ts';
import { usePaperSubjects } from '../api/list-paper-subjects.ts';
import { useReleaseClassroomSubject } from '../api/release-classroom-subject.ts';
import { ReleasedSummary } from '../components/taking/classroom-summary.tsx';
import { activityPath } from '../components/taking/exam-paths.ts';
import { parseRouteId } from '../components/subject-list/route-id.ts';

/** Stems, cloze passages and descriptions hold no answer of their own (as in the instructor's list). */
const releasable = (subject: Subject) =>
  subject.type !== 'paragraph_desc' && subject.type !== 'analysis' && subject.type !== 'cloze';

/**
 * `/course/:courseId/classroom-exams/:examId/projector`: the released question in large type with the
 * answers coming in, for the lecture hall's screen. The right options stay hidden until the instructor
 * shows them or closes the question, since the class sees this screen while answering.
 */
export function ClassroomProjectorPage() {
  const { t } = useTranslation('exams');
  const { message } = App.useApp();
  const course = useCurrentCourse();
  const examId = parseRouteId(useParams().examId) ?? 0;
  const exam = useExam({ kind: 'classroom', id: examId });
  const state = useClassroomState(examId, course.id, { followAnswers: true });
  const subjects = usePaperSubjects({ kind: 'classroom', id: examId, isMakeup: false }, {});
  const release = useReleaseClassroomSubject();
  // Per release, so a newly released question starts with its answer hidden again.
  const [shownFor, setShownFor] = useState<string | null>(null);

  const back = <Link to={activityPath(course.id, examId)}>{t('classroom.backToClassroom')}</Link>;
  if (exam.isPending || state.isPending) return <LoadingState />;
  const error = exam.error ?? state.error;
  if (error || !exam.data || !state.data) {
    if (isApiError(error) && (error.status === 404 || error.status === 403)) {
      return <Result status="404" title={t('classroom.projectorNotFound')} extra={back} />;
    }
    return <ErrorState error={error} onRetry={() => void Promise.all([exam.refetch(), state.refetch()])} />;
  }

  const released = state.data.released;
  const releaseKey = released ? `${released.subject.id}-${released.released_at}` : null;
  const showCorrect = released !== null && (!released.is_open || shownFor === releaseKey);
  const questions = (subjects.data ?? []).filter(releasable);
  const at = released ? questions.findIndex((s) => s.id === released.subject.id) : -1;
  const next = questions[at + 1];
  const act = (subjectId: number, action: 'release' | 'close') =>
    release.mutate(
      { examId, subjectId, action },
      { onError: (e) => void message.error(isApiError(e) ? e.message : t('classroom.failed')) },
    );

  return (
    <Flex vertical gap={24} style={{ padding: '16px 0' }}>
      {/* The course layout holds the page's one h1; on the projector the exam title is the big line. */}
      <Typography.Title level={2} style={{ margin: 0, fontSize: 'min(6vw, 2.5rem)' }}>
        {exam.data.title}
      </Typography.Title>
      <div aria-live="polite">
        {released ? (
          <ReleasedSummary state={state.data} released={released} large showCorrect={showCorrect} />
        ) : (
          <Typography.Text type="secondary" style={{ fontSize: 'min(5vw, 2rem)' }}>
            {t('classroom.nothingReleased')}
          </Typography.Text>
        )}
      </div>
      <Flex gap={16} wrap align="center">
        {back}
        {released && released.is_open ? (
          <>
            <Button size="large" onClick={() => setShownFor(showCorrect ? null : releaseKey)}>
              {showCorrect ? t('classroom.hideAnswer') : t('classroom.showAnswer')}
            </Button>
            <Button
              size="large"
              danger
              disabled={!exam.data.can_edit}
              loading={release.isPending && release.variables.action === 'close'}
              onClick={() => act(released.subject.id, 'close')}
            >
              {t('classroom.close')}
            </Button>
          </>
        ) : null}
        {next ? (
          <Button
            size="large"
            type="primary"
            disabled={!exam.data.can_edit}
            loading={release.isPending && release.variables.subjectId === next.id}
            onClick={() => act(next.id, 'release')}
          >
            {at < 0 ? t('classroom.releaseFirst') : t('classroom.releaseNext')}
          </Button>
        ) : released ? (
          <Typography.Text type="secondary">{t('classroom.lastQuestion')}</Typography.Text>
        ) : null}
      </Flex>
    </Flex>
  );
}
