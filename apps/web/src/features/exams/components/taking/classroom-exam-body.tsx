import type { Activity } from '@lectern/contracts/activities/activity.schemas';
import type { ClassroomState } from '@lectern/contracts/exams/exam-taking.schemas';
import type { PaperSubject, Subject } from '@lectern/contracts/exams/subject.schemas';
import { Alert, App, Button, Card, Empty, Flex, List, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../../shared/api/http-client.ts';
import { ErrorState, LoadingState } from '../../../../shared/components/page-state.tsx';
import { htmlToText, RenderedHtml } from '../../../../shared/components/rendered-html.tsx';
import { useClassroomState } from '../../api/get-classroom-state.ts';
import { usePaperSubjects } from '../../api/list-paper-subjects.ts';
import { useReleaseClassroomSubject } from '../../api/release-classroom-subject.ts';
import { useSubmitClassroomAnswer } from '../../api/submit-classroom-answer.ts';
import { AnswerInput } from './answer-input.tsx';
import { EMPTY_ANSWER, isLeafAnswered, type AnswerValue } from './answer-model.ts';
import { OptionCounts, ReleasedSummary } from './classroom-summary.tsx';
import { classroomProjectorPath, classroomSubjectsPath } from './exam-paths.ts';
import { LinkButton } from './link-button.tsx';

function InstructorClassroom({ activity }: { activity: Activity }) {
  const { t } = useTranslation('exams');
  const { message } = App.useApp();
  const state = useClassroomState(activity.id, activity.course_id, { followAnswers: true });
  const subjects = usePaperSubjects({ kind: 'classroom', id: activity.id, isMakeup: false }, {});
  const release = useReleaseClassroomSubject();

  const act = (subject: Subject, action: 'release' | 'close') =>
    release.mutate(
      { examId: activity.id, subjectId: subject.id, action },
      { onError: (error) => void message.error(isApiError(error) ? error.message : t('classroom.failed')) },
    );

  const released = state.data?.released ?? null;
  const openId = released?.is_open ? released.subject.id : null;

  return (
    <Flex vertical gap={16}>
      <Flex gap={8} wrap>
        <LinkButton to={classroomSubjectsPath(activity.id)}>{t('taking.editQuestions')}</LinkButton>
        <LinkButton to={classroomProjectorPath(activity.course_id, activity.id)}>
          {t('classroom.projector')}
        </LinkButton>
      </Flex>
      <Card size="small" title={t('classroom.current')}>
        {state.isPending ? (
          <LoadingState />
        ) : !state.data ? (
          <ErrorState error={state.error} onRetry={() => void state.refetch()} />
        ) : released ? (
          <ReleasedSummary state={state.data} released={released} />
        ) : (
          <Typography.Text type="secondary">{t('classroom.nothingReleased')}</Typography.Text>
        )}
      </Card>
      <Card size="small" title={t('classroom.questions')}>
        {subjects.isPending ? (
          <LoadingState />
        ) : !subjects.data ? (
          <ErrorState error={subjects.error} onRetry={() => void subjects.refetch()} />
        ) : subjects.data.length === 0 ? (
          <Empty description={t('classroom.noQuestions')} />
        ) : (
          <List
            size="small"
            dataSource={subjects.data}
            renderItem={(subject, index) => {
              const label = t('taking.questionLabel', { number: index + 1 });
              const releases = state.data?.releases.filter((r) => r.subject_id === subject.id) ?? [];
              const releasable =
                subject.type !== 'paragraph_desc' && subject.type !== 'analysis' && subject.type !== 'cloze';
              return (
                <List.Item
                  actions={[
                    subject.id === openId ? (
                      <Button
                        key="close"
                        danger
                        disabled={!activity.can_edit}
                        loading={release.isPending && release.variables.subjectId === subject.id}
                        onClick={() => act(subject, 'close')}
                        aria-label={t('classroom.closeLabel', { label })}
                      >
                        {t('classroom.close')}
                      </Button>
                    ) : (
                      <Button
                        key="release"
                        type="primary"
                        disabled={!activity.can_edit || !releasable}
                        loading={release.isPending && release.variables.subjectId === subject.id}
                        onClick={() => act(subject, 'release')}
                        aria-label={t('classroom.releaseLabel', { label })}
                      >
                        {releases.length > 0 ? t('classroom.releaseAgain') : t('classroom.release')}
                      </Button>
                    ),
                  ]}
                >
                  <Flex vertical gap={2} style={{ minWidth: 0 }}>
                    <Typography.Text strong>
                      {label} · {t(`taking.types.${subject.type}`)}
                    </Typography.Text>
                    <Typography.Text type="secondary" ellipsis>
                      {htmlToText(subject.description)}
                    </Typography.Text>
                    {releases[0] ? (
                      <Typography.Text type="secondary">
                        {t('classroom.answeredSoFar', { count: releases[0].answer_count })}
                      </Typography.Text>
                    ) : null}
                  </Flex>
                </List.Item>
              );
            }}
          />
        )}
      </Card>
    </Flex>
  );
}

function StudentAnswerForm({
  examId,
  subject,
  state,
}: {
  examId: number;
  subject: PaperSubject;
  state: ClassroomState;
}) {
  const { t } = useTranslation('exams');
  const { message } = App.useApp();
  const mine = state.my_answer?.subject_id === subject.id ? state.my_answer : null;
  const [value, setValue] = useState<AnswerValue>(() =>
    mine
      ? { answer_option_ids: mine.answer_option_ids, answer: mine.answer, answers: mine.answers }
      : EMPTY_ANSWER,
  );
  const submit = useSubmitClassroomAnswer();
  const open = state.released?.is_open === true;

  return (
    <Flex vertical gap={12}>
      <RenderedHtml html={subject.description} />
      <AnswerInput
        subject={subject}
        value={value}
        onChange={setValue}
        label={t('classroom.yourAnswer')}
        disabled={!open || submit.isPending}
      />
      {open ? (
        <div>
          <Button
            type="primary"
            disabled={!isLeafAnswered(subject, value)}
            loading={submit.isPending}
            onClick={() =>
              submit.mutate(
                {
                  examId,
                  subjectId: subject.id,
                  body: {
                    answer_option_ids: value.answer_option_ids,
                    answer: value.answer,
                    answers: value.answers,
                  },
                },
                {
                  onSuccess: () => void message.success(t('classroom.submitted')),
                  onError: (error) =>
                    void message.error(isApiError(error) ? error.message : t('classroom.failed')),
                },
              )
            }
          >
            {mine ? t('classroom.resubmit') : t('classroom.submit')}
          </Button>
        </div>
      ) : null}
      {mine ? (
        <Typography.Text type="success">
          {mine.is_correct === null
            ? t('classroom.answerReceived')
            : mine.is_correct
              ? t('classroom.answerRight')
              : t('classroom.answerWrong')}
        </Typography.Text>
      ) : null}
      {submit.isError ? (
        <Alert
          type="error"
          showIcon
          title={isApiError(submit.error) ? submit.error.message : t('classroom.failed')}
        />
      ) : null}
    </Flex>
  );
}

function StudentClassroom({ activity }: { activity: Activity }) {
  const { t } = useTranslation('exams');
  const state = useClassroomState(activity.id, activity.course_id);
  if (state.isPending) return <LoadingState />;
  if (!state.data) return <ErrorState error={state.error} onRetry={() => void state.refetch()} />;
  const released = state.data.released;
  if (!released) return <Typography.Text type="secondary">{t('classroom.waiting')}</Typography.Text>;
  return (
    <Card size="small" title={t('classroom.current')}>
      <Flex vertical gap={12}>
        {!released.is_open ? <Alert type="info" showIcon title={t('classroom.closedForStudents')} /> : null}
        <StudentAnswerForm
          key={`${released.subject.id}-${released.released_at}`}
          examId={activity.id}
          subject={released.subject}
          state={state.data}
        />
        {!released.is_open ? <OptionCounts state={state.data} released={released} /> : null}
      </Flex>
    </Card>
  );
}

/** A classroom exam: the instructor releases questions one at a time; students answer the released one. */
export function ClassroomExamBody({ activity }: { activity: Activity }) {
  return activity.can_edit ? (
    <InstructorClassroom activity={activity} />
  ) : (
    <StudentClassroom activity={activity} />
  );
}
