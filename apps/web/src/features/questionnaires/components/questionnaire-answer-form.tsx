import type { PaperSubject } from '@lectern/contracts/exams/subject.schemas';
import type {
  QuestionnaireDistributeResponse,
  QuestionnaireSubmittedAnswer,
} from '@lectern/contracts/questionnaires/questionnaires.schemas';
import { Alert, App, Button, Checkbox, Flex, Input, Radio, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/http-client.ts';
import { formatDateTime } from '../../../shared/components/date-time.ts';
import { RenderedHtml } from '../../../shared/components/rendered-html.tsx';
import { useSubmitQuestionnaire } from '../api/submit-questionnaire.ts';

type Draft = { options: number[]; text: string; blanks: string[] };

const SINGLE = new Set(['single_selection', 'true_or_false']);
const MULTIPLE = new Set(['multiple_selection']);

function initialDrafts(paper: QuestionnaireDistributeResponse): Record<number, Draft> {
  const drafts: Record<number, Draft> = {};
  for (const subject of paper.subjects) {
    const mine = paper.submission?.subjects.find((a) => a.subject_id === subject.id);
    drafts[subject.id] = {
      options: mine?.answer_option_ids ?? [],
      text: mine?.answer ?? '',
      blanks: Array.from(
        { length: subject.blank_count },
        (_, i) => mine?.answers.find((a) => a.sort === i)?.content ?? '',
      ),
    };
  }
  return drafts;
}

function toAnswer(subject: PaperSubject, draft: Draft): QuestionnaireSubmittedAnswer | null {
  if (subject.type === 'paragraph_desc') return null;
  if (SINGLE.has(subject.type) || MULTIPLE.has(subject.type)) {
    return { subject_id: subject.id, answer_option_ids: draft.options };
  }
  if (subject.type === 'fill_in_blank') {
    return { subject_id: subject.id, answers: draft.blanks.map((content, sort) => ({ sort, content })) };
  }
  return { subject_id: subject.id, answer: draft.text };
}

/**
 * A student's questionnaire: one group per question (radios, checkboxes, blanks or a text box), stacked so
 * it fits a 360 px screen. The answers stay editable until the questionnaire closes; refusals from the
 * server show under the question they concern.
 */
export function QuestionnaireAnswerForm({ paper }: { paper: QuestionnaireDistributeResponse }) {
  const { t } = useTranslation('questionnaires');
  const { message } = App.useApp();
  const submit = useSubmitQuestionnaire(paper.id);
  const [drafts, setDrafts] = useState(() => initialDrafts(paper));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const disabled = !paper.can_submit || submit.isPending;
  const update = (id: number, change: Partial<Draft>) =>
    setDrafts((all) => ({
      ...all,
      [id]: { ...(all[id] ?? { options: [], text: '', blanks: [] }), ...change },
    }));

  const send = () => {
    const subjects = paper.subjects.flatMap((subject) => {
      const answer = toAnswer(subject, drafts[subject.id] ?? { options: [], text: '', blanks: [] });
      return answer ? [answer] : [];
    });
    submit.mutate(
      { subjects },
      {
        onSuccess: () => {
          setErrors({});
          void message.success(t('answer.saved'));
        },
        onError: (error) => {
          setErrors(isApiError(error) ? error.errors : {});
          void message.error(error.message);
        },
      },
    );
  };

  // Descriptions (paragraph_desc) take no number: the questions are numbered 1, 2, … around them.
  const numbers = new Map<number, number>();
  for (const subject of paper.subjects) {
    if (subject.type !== 'paragraph_desc') numbers.set(subject.id, numbers.size + 1);
  }
  return (
    <Flex vertical gap={20}>
      {paper.subjects.map((subject) => {
        const draft = drafts[subject.id] ?? { options: [], text: '', blanks: [] };
        if (subject.type === 'paragraph_desc') {
          return <RenderedHtml key={subject.id} html={subject.description} />;
        }
        const number = numbers.get(subject.id) ?? 0;
        const label = t('answer.question', { number });
        const fieldErrors = errors[`subjects.${subject.id}`] ?? [];
        const errorId = `questionnaire-error-${subject.id}`;
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
              <Typography.Text strong>{label}</Typography.Text>{' '}
              <RenderedHtml html={subject.description} inline />
            </legend>
            {SINGLE.has(subject.type) ? (
              <Radio.Group
                value={draft.options[0]}
                disabled={disabled}
                onChange={(event) => update(subject.id, { options: [event.target.value as number] })}
                style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
                options={options}
              />
            ) : MULTIPLE.has(subject.type) ? (
              <Checkbox.Group
                value={draft.options}
                disabled={disabled}
                onChange={(values) => update(subject.id, { options: values })}
                style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
                options={options}
              />
            ) : subject.type === 'fill_in_blank' ? (
              <Flex vertical gap={8}>
                {draft.blanks.map((value, i) => (
                  <Input
                    key={i}
                    value={value}
                    disabled={disabled}
                    aria-label={t('answer.blank', { question: number, blank: i + 1 })}
                    onChange={(event) =>
                      update(subject.id, {
                        blanks: draft.blanks.map((b, j) => (j === i ? event.target.value : b)),
                      })
                    }
                  />
                ))}
              </Flex>
            ) : (
              <Input.TextArea
                value={draft.text}
                disabled={disabled}
                aria-label={t('answer.text', { number })}
                autoSize={{ minRows: 2, maxRows: 8 }}
                maxLength={5000}
                onChange={(event) => update(subject.id, { text: event.target.value })}
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
      {paper.submission ? (
        <Alert
          type="success"
          showIcon
          title={t('answer.submittedAt', { time: formatDateTime(paper.submission.updated_at) })}
          description={paper.can_submit ? t('answer.canChange') : undefined}
        />
      ) : null}
      {paper.can_submit ? (
        <Button type="primary" block onClick={send} loading={submit.isPending}>
          {paper.submission ? t('answer.update') : t('answer.submit')}
        </Button>
      ) : null}
    </Flex>
  );
}
