import type { CoursewareQuizSubmittedAnswer } from '@lectern/contracts/courseware-quizzes/courseware-quizzes.schemas';
import type { PaperSubject } from '@lectern/contracts/exams/subject.schemas';
import { Alert, App, Button, Checkbox, Flex, Input, Radio, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/http-client.ts';
import { RenderedHtml } from '../../../shared/components/rendered-html.tsx';
import { useMyQuizSubmission } from '../api/get-my-quiz-submission.ts';
import { useQuizSubjects } from '../api/get-quiz-subjects.ts';
import { useSubmitVideoQuiz } from '../api/submit-video-quiz.ts';
import { QuizResult } from './quiz-result.tsx';

type Draft = { options: number[]; blanks: string[] };
const SINGLE = new Set(['single_selection', 'true_or_false']);

function toAnswer(subject: PaperSubject, draft: Draft): CoursewareQuizSubmittedAnswer {
  return subject.type === 'fill_in_blank'
    ? { subject_id: subject.id, answers: draft.blanks.map((content, sort) => ({ sort, content })) }
    : { subject_id: subject.id, answer_option_ids: draft.options };
}

/**
 * One quiz: its questions to answer (stacked, so it fits a 360 px screen), then, once handed in, the
 * graded result with the right answers. A returning student sees their earlier result straight away.
 */
export function QuizAnswerPanel({
  activityId,
  quizId,
  canSubmit,
  onDone,
  doneLabel,
}: {
  activityId: number;
  quizId: number;
  canSubmit: boolean;
  onDone?: () => void;
  doneLabel?: string;
}) {
  const { t } = useTranslation('courseware-quizzes');
  const { message } = App.useApp();
  const paper = useQuizSubjects(quizId);
  const mine = useMyQuizSubmission(quizId);
  const submit = useSubmitVideoQuiz(activityId, quizId);
  const [drafts, setDrafts] = useState<Record<number, Draft>>({});
  const [errors, setErrors] = useState<Record<string, string[]>>({});

  if (paper.isLoading || mine.isLoading)
    return (
      <span role="status" aria-label={t('loading')}>
        <Spin />
      </span>
    );
  if (paper.isError || mine.isError || !paper.data) {
    return <Alert type="error" showIcon title={(paper.error ?? mine.error)?.message ?? t('loadFailed')} />;
  }
  const subjects = paper.data.subjects;
  const submission = mine.data?.submission ?? null;
  const done = onDone ? (
    <Button type="primary" block onClick={onDone}>
      {doneLabel ?? t('player.continue')}
    </Button>
  ) : null;
  if (submission) {
    return (
      <Flex vertical gap={16}>
        <QuizResult subjects={subjects} submission={submission} />
        {done}
      </Flex>
    );
  }
  const draftOf = (subject: PaperSubject): Draft =>
    drafts[subject.id] ?? { options: [], blanks: Array.from({ length: subject.blank_count }, () => '') };
  const update = (subject: PaperSubject, change: Partial<Draft>) =>
    setDrafts((all) => ({ ...all, [subject.id]: { ...draftOf(subject), ...change } }));
  const send = () => {
    submit.mutate(
      { subjects: subjects.map((subject) => toAnswer(subject, draftOf(subject))) },
      {
        onSuccess: () => setErrors({}),
        onError: (error) => {
          setErrors(isApiError(error) ? error.errors : {});
          void message.error(error.message);
        },
      },
    );
  };
  const disabled = !canSubmit || submit.isPending;

  return (
    <Flex vertical gap={20}>
      {subjects.map((subject, index) => {
        const draft = draftOf(subject);
        const number = index + 1;
        const fieldErrors = errors[`subjects.${subject.id}`] ?? [];
        const errorId = `video-quiz-error-${subject.id}`;
        const options = subject.options.map((o, i) => ({
          value: o.id,
          label: `${String.fromCharCode(65 + i)}. ${o.content.replace(/<[^>]*>/g, '')}`,
        }));
        return (
          <fieldset
            key={subject.id}
            aria-describedby={fieldErrors.length > 0 ? errorId : undefined}
            style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}
          >
            <legend style={{ fontSize: 14, marginBottom: 8, width: '100%' }}>
              <Typography.Text strong>{t('answer.question', { number })}</Typography.Text>{' '}
              <RenderedHtml html={subject.description} inline />
            </legend>
            {subject.type === 'fill_in_blank' ? (
              <Flex vertical gap={8}>
                {draft.blanks.map((value, i) => (
                  <Input
                    key={i}
                    value={value}
                    disabled={disabled}
                    maxLength={1000}
                    aria-label={t('answer.blank', { question: number, blank: i + 1 })}
                    onChange={(event) =>
                      update(subject, {
                        blanks: draft.blanks.map((b, j) => (j === i ? event.target.value : b)),
                      })
                    }
                  />
                ))}
              </Flex>
            ) : SINGLE.has(subject.type) ? (
              <Radio.Group
                value={draft.options[0]}
                disabled={disabled}
                onChange={(event) => update(subject, { options: [event.target.value as number] })}
                style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
                options={options}
              />
            ) : (
              <Checkbox.Group
                value={draft.options}
                disabled={disabled}
                onChange={(values) => update(subject, { options: values })}
                style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
                options={options}
              />
            )}
            {fieldErrors.length > 0 ? (
              <Typography.Text id={errorId} type="danger" role="alert">
                {fieldErrors.join(' ')}
              </Typography.Text>
            ) : null}
          </fieldset>
        );
      })}
      {errors.subjects ? <Alert type="error" showIcon title={errors.subjects.join(' ')} /> : null}
      {canSubmit ? (
        <Button type="primary" block onClick={send} loading={submit.isPending}>
          {t('answer.submit')}
        </Button>
      ) : (
        done
      )}
    </Flex>
  );
}
