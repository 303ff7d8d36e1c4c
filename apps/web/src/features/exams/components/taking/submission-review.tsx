import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import type { CorrectAnswer, ExamAnswer, ExamSubmission } from '@lectern/contracts/exams/exam-taking.schemas';
import { optionLetter, type PaperSubject } from '@lectern/contracts/exams/subject.schemas';
import { Card, Flex, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { htmlToText, RenderedHtml } from '../../../../shared/components/rendered-html.tsx';
import { isStem, questionNumbers } from './answer-model.ts';

export type PaperLeaf = Omit<PaperSubject, 'sub_subjects'>;
type SubjectScore = NonNullable<ExamSubmission['score_data']>[number];

/** What a review shows of one submission; hidden parts (not released) are null. */
export interface ReviewData {
  answers: readonly ExamAnswer[] | null;
  scores: readonly SubjectScore[] | null;
  correct: readonly CorrectAnswer[] | null;
  subjectComments?: Readonly<Record<string, string>>;
}

export function reviewDataOf(submission: ExamSubmission): ReviewData {
  return {
    answers: submission.submission_data ?? submission.draft_data,
    scores: submission.score_data,
    correct: submission.correct_answers_data?.correct_answers ?? null,
    subjectComments: submission.comment_data?.subject_comments ?? {},
  };
}

function Mark({ ok }: { ok: boolean }) {
  const { t } = useTranslation('exams');
  return ok ? (
    <CheckCircleFilled style={{ color: '#52c41a' }} aria-label={t('result.right')} role="img" />
  ) : (
    <CloseCircleFilled style={{ color: '#ff4d4f' }} aria-label={t('result.wrong')} role="img" />
  );
}

function ScoreTag({ score, point }: { score: SubjectScore | undefined; point: number }) {
  const { t } = useTranslation('exams');
  if (!score) return null;
  if (score.score === null) return <Tag color="orange">{t('result.awaitingMarking')}</Tag>;
  return (
    <Tag color={score.correct === true ? 'green' : score.score === 0 ? 'red' : 'blue'}>
      {t('result.scoreOf', { score: score.score, point })}
    </Tag>
  );
}

function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Flex gap={8} align="baseline" wrap>
      <Typography.Text type="secondary" style={{ flex: 'none' }}>
        {label}
      </Typography.Text>
      <div style={{ minWidth: 0, flex: 1 }}>{children}</div>
    </Flex>
  );
}

/** The student's answer to one question and, when known, the right answer beside it. */
export function AnswerReview({
  leaf,
  answer,
  correct,
}: {
  leaf: PaperLeaf;
  answer: ExamAnswer | undefined;
  correct: CorrectAnswer | undefined;
}) {
  const { t } = useTranslation('exams');
  const none = <Typography.Text type="secondary">{t('result.noAnswer')}</Typography.Text>;

  switch (leaf.type) {
    case 'single_selection':
    case 'multiple_selection':
    case 'true_or_false': {
      const chosen = new Set(answer?.answer_option_ids ?? []);
      const right = correct ? new Set(correct.answer_option_ids) : null;
      return (
        <Flex vertical gap={4}>
          {leaf.options.map((option, index) => (
            <Flex key={option.id} gap={8} align="baseline">
              <Typography.Text strong={chosen.has(option.id)}>{optionLetter(index)}.</Typography.Text>
              <RenderedHtml html={option.content} inline />
              {chosen.has(option.id) ? <Tag>{t('result.yourChoice')}</Tag> : null}
              {right?.has(option.id) ? <Tag color="green">{t('result.correctOption')}</Tag> : null}
            </Flex>
          ))}
          {chosen.size === 0 ? none : null}
        </Flex>
      );
    }
    case 'fill_in_blank':
      return (
        <Flex vertical gap={4}>
          {Array.from({ length: leaf.blank_count }, (_, sort) => {
            const given = answer?.answers.find((a) => a.sort === sort)?.content ?? '';
            const accepted = correct?.blanks.find((b) => b.sort === sort)?.answers;
            return (
              <Labelled key={sort} label={t('taking.blankLabel', { number: sort + 1 })}>
                <Flex gap={8} wrap align="baseline">
                  {given ? <Typography.Text>{given}</Typography.Text> : none}
                  {accepted ? (
                    <Typography.Text type="success">
                      {t('result.acceptedAnswers', { answers: accepted.join(' / ') })}
                    </Typography.Text>
                  ) : null}
                </Flex>
              </Labelled>
            );
          })}
        </Flex>
      );
    case 'matching': {
      const letterOf = (optionId: string | number | null | undefined) => {
        const index = leaf.options.findIndex((o) => String(o.id) === String(optionId));
        const option = leaf.options[index];
        return option ? `${optionLetter(index)}. ${htmlToText(option.content)}` : null;
      };
      return (
        <Flex vertical gap={4}>
          {leaf.pairs.map((pair, index) => {
            const given = letterOf(answer?.answers.find((a) => a.sort === pair.sort)?.content);
            const right = correct?.pairs.find((p) => p.sort === pair.sort);
            return (
              <Labelled key={pair.sort} label={`${index + 1}. ${htmlToText(pair.content)} →`}>
                <Flex gap={8} wrap align="baseline">
                  {given ? <Typography.Text>{given}</Typography.Text> : none}
                  {right ? (
                    <Typography.Text type="success">
                      {t('result.correctMatch', { match: letterOf(right.option_id) ?? '—' })}
                    </Typography.Text>
                  ) : null}
                </Flex>
              </Labelled>
            );
          })}
        </Flex>
      );
    }
    case 'short_answer':
      return (
        <Flex vertical gap={8}>
          <Labelled label={t('result.yourAnswer')}>
            {answer?.answer ? <RenderedHtml html={answer.answer} /> : none}
          </Labelled>
          {correct?.answer ? (
            <Labelled label={t('result.referenceAnswer')}>
              <RenderedHtml html={correct.answer} />
            </Labelled>
          ) : null}
        </Flex>
      );
    default:
      return null;
  }
}

function Explanation({ correct }: { correct: CorrectAnswer | undefined }) {
  const { t } = useTranslation('exams');
  if (!correct?.answer_explanation) return null;
  return (
    <Labelled label={t('result.explanation')}>
      <RenderedHtml html={correct.answer_explanation} />
    </Labelled>
  );
}

function SubjectComment({ comment }: { comment: string | undefined }) {
  const { t } = useTranslation('exams');
  if (!comment) return null;
  return (
    <Labelled label={t('result.questionComment')}>
      <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{comment}</Typography.Text>
    </Labelled>
  );
}

/**
 * A handed-in paper question by question: what the student answered, and, as far as the exam releases
 * them, each question's score and the right answers.
 */
export function SubmissionReview({
  subjects,
  data,
  renderLeafExtra,
}: {
  subjects: readonly PaperSubject[];
  data: ReviewData;
  /** Shown under each answerable question, e.g. the marker's score input. */
  renderLeafExtra?: (leaf: PaperLeaf) => ReactNode;
}) {
  const { t } = useTranslation('exams');
  const answerOf = new Map((data.answers ?? []).map((a) => [a.subject_id, a]));
  const scoreOf = new Map((data.scores ?? []).map((s) => [s.subject_id, s]));
  const correctOf = new Map((data.correct ?? []).map((c) => [c.subject_id, c]));
  const numbers = questionNumbers(subjects);

  return (
    <Flex vertical gap={12}>
      {subjects.map((subject) => {
        if (subject.type === 'paragraph_desc') {
          return (
            <Card key={subject.id} size="small">
              <RenderedHtml html={subject.description} />
            </Card>
          );
        }
        const number = numbers.get(subject.id);
        const label = t('taking.questionLabel', { number });
        const score = scoreOf.get(subject.id);
        return (
          <Card
            key={subject.id}
            size="small"
            role="region"
            aria-label={label}
            title={
              <Flex gap={8} align="center" wrap>
                <Typography.Text strong>{label}</Typography.Text>
                <Tag>{t(`taking.types.${subject.type}`)}</Tag>
                <ScoreTag score={score} point={subject.point} />
                {score && score.correct !== null && score.auto ? <Mark ok={score.correct} /> : null}
              </Flex>
            }
            styles={{ header: { whiteSpace: 'normal' } }}
          >
            <Flex vertical gap={12}>
              <RenderedHtml html={subject.description} />
              {isStem(subject) ? (
                subject.sub_subjects.map((sub, index) => {
                  const subScore = scoreOf.get(sub.id);
                  return (
                    <Flex
                      key={sub.id}
                      vertical
                      gap={8}
                      style={{ paddingLeft: 16, borderLeft: '2px solid #f0f0f0' }}
                    >
                      <Flex gap={8} align="center" wrap>
                        <Typography.Text strong>
                          {t('taking.subQuestionLabel', { number, sub: index + 1 })}
                        </Typography.Text>
                        <ScoreTag score={subScore} point={sub.point} />
                      </Flex>
                      <RenderedHtml html={sub.description} />
                      <AnswerReview
                        leaf={sub}
                        answer={answerOf.get(sub.id)}
                        correct={correctOf.get(sub.id)}
                      />
                      <Explanation correct={correctOf.get(sub.id)} />
                      <SubjectComment comment={data.subjectComments?.[String(sub.id)]} />
                      {renderLeafExtra?.(sub)}
                    </Flex>
                  );
                })
              ) : (
                <>
                  <AnswerReview
                    leaf={subject}
                    answer={answerOf.get(subject.id)}
                    correct={correctOf.get(subject.id)}
                  />
                  <Explanation correct={correctOf.get(subject.id)} />
                  {renderLeafExtra?.(subject)}
                </>
              )}
              <SubjectComment comment={data.subjectComments?.[String(subject.id)]} />
            </Flex>
          </Card>
        );
      })}
    </Flex>
  );
}
