import type { ExamSubmissionDetail } from '@lectern/contracts/exams/exam-taking.schemas';
import type { PaperSubject } from '@lectern/contracts/exams/subject.schemas';
import { Card, Col, Descriptions, Empty, Flex, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../shared/components/date-time.ts';
import { RenderedHtml } from '../../../../shared/components/rendered-html.tsx';
import {
  AnswerReview,
  reviewDataOf,
  SubmissionReview,
  type PaperLeaf,
} from '../taking/submission-review.tsx';
import { CommentForm } from './comment-form.tsx';
import { MarkedAttachmentsPanel } from './marked-attachments-panel.tsx';
import { ScoreForm } from './score-form.tsx';

/** A question (or sub-question) of a paper by id, with the stem it belongs to. */
export function findLeaf(
  subjects: readonly PaperSubject[],
  id: number,
): { leaf: PaperLeaf; stem: PaperSubject | null } | null {
  for (const subject of subjects) {
    if (subject.id === id) return { leaf: subject, stem: null };
    const sub = subject.sub_subjects.find((s) => s.id === id);
    if (sub) return { leaf: sub, stem: subject };
  }
  return null;
}

/** Questions the server cannot grade: the marker scores these. */
function isMarkedByHand(leaf: PaperLeaf): boolean {
  return leaf.type === 'short_answer';
}

function SubmissionTotals({ submission }: { submission: ExamSubmissionDetail }) {
  const { t } = useTranslation('exams');
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 3 }}
      items={[
        {
          key: 'student',
          label: t('marking.student'),
          children: `${submission.examinee.name} (${submission.examinee.user_no})`,
        },
        {
          key: 'submittedAt',
          label: t('result.submittedAt'),
          children: formatDateTime(submission.submitted_at),
        },
        {
          key: 'total',
          label: t('marking.total'),
          children: (
            <span role="status" aria-label={t('marking.total')}>
              {submission.score === null
                ? t('marking.totalPending', { auto: submission.auto_score ?? 0 })
                : String(submission.score)}
            </span>
          ),
        },
      ]}
    />
  );
}

export interface SubmissionMarkingProps {
  examId: number;
  submission: ExamSubmissionDetail;
  /** Marking one question across examinees; null marks the whole paper. */
  subjectId: number | null;
  readOnly: boolean;
}

/**
 * One submission being marked: the student's answer beside the reference answer, the score input (at
 * most the question's points) and the comment. The total comes back from the server after each save.
 */
export function SubmissionMarking({ examId, submission, subjectId, readOnly }: SubmissionMarkingProps) {
  const { t } = useTranslation('exams');
  const data = reviewDataOf(submission);
  const scoreOf = (id: number) => submission.score_data?.find((s) => s.subject_id === id)?.score ?? null;

  const scoreForm = (leaf: PaperLeaf) => (
    <ScoreForm
      examId={examId}
      submissionId={submission.id}
      subjectId={leaf.id}
      point={leaf.point}
      current={scoreOf(leaf.id)}
      readOnly={readOnly}
    />
  );

  if (subjectId === null) {
    return (
      <Flex vertical gap={16}>
        <Card size="small">
          <SubmissionTotals submission={submission} />
          <CommentForm
            examId={examId}
            submissionId={submission.id}
            current={submission.comment_data?.comment ?? null}
            readOnly={readOnly}
          />
          <div style={{ marginTop: 16 }}>
            <MarkedAttachmentsPanel
              examId={examId}
              submission={submission}
              subjectId={null}
              readOnly={readOnly}
            />
          </div>
        </Card>
        <SubmissionReview
          subjects={submission.subjects}
          data={data}
          renderLeafExtra={(leaf) => (isMarkedByHand(leaf) ? scoreForm(leaf) : null)}
        />
      </Flex>
    );
  }

  const found = findLeaf(submission.subjects, subjectId);
  if (!found) return <Empty description={t('marking.notOnPaper')} />;
  const { leaf, stem } = found;
  const answer = data.answers?.find((a) => a.subject_id === leaf.id);
  const correct = data.correct?.find((c) => c.subject_id === leaf.id);

  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <SubmissionTotals submission={submission} />
      </Card>
      <Card size="small" title={t('marking.question')}>
        <Flex vertical gap={8}>
          {stem ? <RenderedHtml html={stem.description} /> : null}
          <RenderedHtml html={leaf.description} />
        </Flex>
      </Card>
      {leaf.type === 'short_answer' ? (
        <Row gutter={[16, 16]}>
          <Col xs={24} md={12}>
            <Card
              size="small"
              title={t('result.yourAnswerStudent')}
              role="region"
              aria-label={t('result.yourAnswerStudent')}
            >
              {answer?.answer ? (
                <RenderedHtml html={answer.answer} />
              ) : (
                <Typography.Text type="secondary">{t('result.noAnswer')}</Typography.Text>
              )}
            </Card>
          </Col>
          <Col xs={24} md={12}>
            <Card
              size="small"
              title={t('result.referenceAnswer')}
              role="region"
              aria-label={t('result.referenceAnswer')}
            >
              {correct?.answer ? (
                <RenderedHtml html={correct.answer} />
              ) : (
                <Typography.Text type="secondary">{t('marking.noReference')}</Typography.Text>
              )}
            </Card>
          </Col>
        </Row>
      ) : (
        <Card size="small">
          <AnswerReview leaf={leaf} answer={answer} correct={correct} />
        </Card>
      )}
      <Card size="small">
        <Flex vertical gap={12}>
          {scoreForm(leaf)}
          <CommentForm
            examId={examId}
            submissionId={submission.id}
            subjectId={leaf.id}
            current={submission.comment_data?.subject_comments[String(leaf.id)] ?? null}
            readOnly={readOnly}
          />
          <MarkedAttachmentsPanel
            examId={examId}
            submission={submission}
            subjectId={leaf.id}
            readOnly={readOnly}
          />
        </Flex>
      </Card>
    </Flex>
  );
}
