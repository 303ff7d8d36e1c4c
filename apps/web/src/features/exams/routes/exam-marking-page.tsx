import { DownloadOutlined, RedoOutlined } from '@ant-design/icons';
import type { Exam } from '@lectern/contracts/exams/exam.schemas';
import type { ExamSubmissionDetail } from '@lectern/contracts/exams/exam-taking.schemas';
import { subjectNumberLabel, subjectNumbers } from '@lectern/contracts/exams/subject-numbering';
import type { Subject } from '@lectern/contracts/exams/subject.schemas';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Empty,
  Flex,
  Row,
  Segmented,
  Select,
  Space,
  Switch,
  Typography,
} from 'antd';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/http-client.ts';
import { ErrorState, LoadingState } from '../../../shared/components/page-state.tsx';
import { htmlToText } from '../../../shared/components/rendered-html.tsx';
import { scoresCsvUrl } from '../api/export-exam-scores.ts';
import { useExam } from '../api/get-exam.ts';
import { useMarkingExaminees, useMarkingGroups, type MarkingScope } from '../api/list-marking-examinees.ts';
import { useMarkingSubmissions } from '../api/list-marking-submissions.ts';
import { usePaperSubjects } from '../api/list-paper-subjects.ts';
import { useSubjectiveQuestions } from '../api/list-subjective-questions.ts';
import { useRetakeExam } from '../api/retake-exam.ts';
import { ExamineeList, type MarkFilter, type MarkingEntry } from '../components/marking/examinee-list.tsx';
import { SubmissionMarking } from '../components/marking/submission-marking.tsx';
import { ExamPageHeader } from '../components/taking/exam-page-header.tsx';
import { NotFoundResult, useExamIdParam } from '../components/taking/exam-route-params.tsx';

type Mode = 'question' | 'student';

interface MarkingQuestion {
  id: number;
  label: string;
}

/**
 * Every answer marked by hand, numbered as on the paper (text blocks take no number): top-level
 * questions, or parts of a stem. `paper` is the whole paper, so the numbers match the taking page.
 */
export function markingQuestions(
  subjects: readonly Subject[],
  paper: readonly Subject[] | undefined,
): MarkingQuestion[] {
  const snippet = (html: string) => {
    const text = htmlToText(html);
    return text.length > 40 ? `${text.slice(0, 40)}…` : text;
  };
  const numbers = subjectNumbers(paper ?? subjects);
  const prefix = (id: number) => {
    const label = subjectNumberLabel(numbers, id);
    return label === null ? '' : `${label}. `;
  };
  return subjects.flatMap((subject) => {
    if (subject.type === 'short_answer')
      return [{ id: subject.id, label: `${prefix(subject.id)}${snippet(subject.description)}` }];
    return subject.sub_subjects
      .filter((sub) => sub.type === 'short_answer')
      .map((sub) => ({
        id: sub.id,
        label: `${prefix(sub.id)}${snippet(sub.description || subject.description)}`,
      }));
  });
}

/** The attempt to open first: one still awaiting marking, else the latest. */
function defaultSubmission(
  submissions: readonly ExamSubmissionDetail[],
  subjectId: number,
): ExamSubmissionDetail | undefined {
  const pending = submissions.find((s) =>
    subjectId === 0
      ? s.mark_status === 'unmarked'
      : (s.score_data ?? []).some((score) => score.subject_id === subjectId && score.score === null),
  );
  return pending ?? submissions.at(-1);
}

function SubmissionsPanel({
  exam,
  scope,
  entry,
  readOnly,
}: {
  exam: Exam;
  scope: MarkingScope;
  entry: MarkingEntry;
  readOnly: boolean;
}) {
  const { t } = useTranslation('exams');
  const query = useMarkingSubmissions(scope, entry.target);
  const [chosen, setChosen] = useState<number | null>(null);

  if (query.isPending) return <LoadingState />;
  if (!query.data) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const submissions = query.data.submissions;
  const current = submissions.find((s) => s.id === chosen) ?? defaultSubmission(submissions, scope.subjectId);
  if (!current) return <Empty description={t('marking.noSubmission')} />;

  return (
    <Flex vertical gap={12}>
      {submissions.length > 1 ? (
        <Segmented
          aria-label={t('result.attempts')}
          value={current.id}
          onChange={(value) => setChosen(Number(value))}
          options={submissions.map((s, index) => ({
            value: s.id,
            label: t('result.attemptLabel', { number: index + 1 }),
          }))}
        />
      ) : null}
      <SubmissionMarking
        key={current.id}
        examId={exam.id}
        submission={current}
        subjectId={scope.subjectId === 0 ? null : scope.subjectId}
        readOnly={readOnly}
      />
    </Flex>
  );
}

function RetakeButton({
  exam,
  entry,
  examineeIds,
  readOnly,
}: {
  exam: Exam;
  entry: MarkingEntry;
  examineeIds: number[];
  readOnly: boolean;
}) {
  const { t } = useTranslation('exams');
  const { modal, message } = App.useApp();
  const retake = useRetakeExam();
  return (
    <Button
      icon={<RedoOutlined aria-hidden />}
      disabled={readOnly || entry.status === 'unsubmitted' || examineeIds.length === 0}
      onClick={() =>
        modal.confirm({
          title: t('retakes.confirmTitle', { name: entry.name }),
          content: t('retakes.confirmContent'),
          okText: t('retakes.letRetake'),
          onOk: async () => {
            try {
              await retake.mutateAsync({ examId: exam.id, examineeIds });
              void message.success(t('retakes.granted', { name: entry.name }));
            } catch (error) {
              void message.error(isApiError(error) ? error.message : t('retakes.failed'));
            }
          },
        })
      }
    >
      {t('retakes.letRetake')}
    </Button>
  );
}

function MarkingWorkspace({ exam }: { exam: Exam }) {
  const { t } = useTranslation('exams');
  const makeupSwitchId = useId();
  const readOnly = !exam.can_edit;
  const isGroupExam = exam.group_set_id !== null;
  const [mode, setMode] = useState<Mode>('question');
  const [isMakeup, setIsMakeup] = useState(false);
  const [questionId, setQuestionId] = useState<number | null>(null);
  const [filter, setFilter] = useState<MarkFilter>('all');
  const [selectedKey, setSelectedKey] = useState<string | null>(null);

  const subjective = useSubjectiveQuestions(exam.id, isMakeup);
  const paper = usePaperSubjects({ kind: 'exam', id: exam.id, isMakeup }, {});
  const questions = useMemo(
    () => markingQuestions(subjective.data ?? [], paper.data),
    [subjective.data, paper.data],
  );
  const activeQuestion = questions.find((q) => q.id === questionId) ?? questions[0] ?? null;
  const subjectId = mode === 'student' ? 0 : (activeQuestion?.id ?? null);
  const scope: MarkingScope = { examId: exam.id, subjectId: subjectId ?? 0, isMakeup };
  const listEnabled = subjectId !== null;
  const examinees = useMarkingExaminees(scope, listEnabled && !isGroupExam);
  const groups = useMarkingGroups(scope, listEnabled && isGroupExam);
  const list = isGroupExam ? groups : examinees;

  const entries: MarkingEntry[] = useMemo(() => {
    if (isGroupExam) {
      return (groups.data?.groups ?? []).map((group) => ({
        key: `group-${group.id}`,
        target: { kind: 'group', id: group.id },
        name: group.name,
        detail: t('marking.members', { count: group.examinee_ids.length }),
        status: group.mark_status,
        score: null,
      }));
    }
    return (examinees.data?.examinees ?? []).map((examinee) => ({
      key: `examinee-${examinee.id}`,
      target: { kind: 'examinee', id: examinee.id },
      name: examinee.name,
      detail: examinee.user_no,
      status: examinee.mark_status,
      score: examinee.score,
    }));
  }, [isGroupExam, groups.data, examinees.data, t]);

  const selected = entries.find((entry) => entry.key === selectedKey) ?? null;
  const examineeIdsOf = (entry: MarkingEntry): number[] =>
    entry.target.kind === 'examinee'
      ? [entry.target.id]
      : (groups.data?.groups.find((g) => g.id === entry.target.id)?.examinee_ids ?? []);

  const noQuestions = mode === 'question' && subjective.data !== undefined && questions.length === 0;

  return (
    <Flex vertical gap={16}>
      {readOnly ? <Alert type="info" showIcon title={t('marking.readOnly')} /> : null}
      <Flex gap={16} wrap align="center">
        <Segmented<Mode>
          aria-label={t('marking.mode')}
          value={mode}
          onChange={(value) => {
            setMode(value);
            setSelectedKey(null);
          }}
          options={[
            { value: 'question', label: t('marking.byQuestion') },
            { value: 'student', label: isGroupExam ? t('marking.byGroup') : t('marking.byStudent') },
          ]}
        />
        {mode === 'question' ? (
          <Select<number>
            aria-label={t('marking.question')}
            style={{ minWidth: 280 }}
            loading={subjective.isPending}
            value={activeQuestion?.id}
            placeholder={t('marking.chooseQuestion')}
            onChange={(value) => {
              setQuestionId(value);
              setSelectedKey(null);
            }}
            options={questions.map((q) => ({ value: q.id, label: q.label }))}
          />
        ) : null}
        {exam.has_make_up_user ? (
          <Space>
            <Switch
              id={makeupSwitchId}
              checked={isMakeup}
              onChange={(checked) => {
                setIsMakeup(checked);
                setQuestionId(null);
                setSelectedKey(null);
              }}
            />
            <label htmlFor={makeupSwitchId}>{t('marking.makeupPaper')}</label>
          </Space>
        ) : null}
        <Button icon={<DownloadOutlined aria-hidden />} href={scoresCsvUrl(exam.id, isMakeup)} download>
          {t('marking.downloadScores')}
        </Button>
      </Flex>
      {subjective.isError && mode === 'question' ? (
        <ErrorState error={subjective.error} onRetry={() => void subjective.refetch()} />
      ) : noQuestions ? (
        <Empty description={t('marking.noSubjective')} />
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} md={8} lg={6}>
            <Card size="small" title={isGroupExam ? t('marking.groups') : t('marking.examinees')}>
              {list.isPending && listEnabled ? (
                <LoadingState />
              ) : list.isError ? (
                <ErrorState error={list.error} onRetry={() => void list.refetch()} />
              ) : (
                <ExamineeList
                  title={isGroupExam ? t('marking.groups') : t('marking.examinees')}
                  entries={entries}
                  filter={filter}
                  onFilter={(next) => {
                    setFilter(next);
                  }}
                  selectedKey={selected?.key ?? null}
                  onSelect={(entry) => setSelectedKey(entry.key)}
                />
              )}
            </Card>
          </Col>
          <Col xs={24} md={16} lg={18}>
            {selected ? (
              <Flex vertical gap={12}>
                <Flex justify="space-between" align="center" wrap gap={8}>
                  <Typography.Title level={4} style={{ margin: 0 }}>
                    {selected.name}
                  </Typography.Title>
                  <RetakeButton
                    exam={exam}
                    entry={selected}
                    examineeIds={examineeIdsOf(selected)}
                    readOnly={readOnly}
                  />
                </Flex>
                <SubmissionsPanel
                  key={`${selected.key}-${scope.subjectId}`}
                  exam={exam}
                  scope={scope}
                  entry={selected}
                  readOnly={readOnly}
                />
              </Flex>
            ) : (
              <Card>
                <Empty description={t('marking.chooseExaminee')} />
              </Card>
            )}
          </Col>
        </Row>
      )}
    </Flex>
  );
}

function MarkingContent({ examId }: { examId: number }) {
  const { t } = useTranslation('exams');
  const exam = useExam({ kind: 'exam', id: examId });
  if (exam.isPending) return <LoadingState />;
  if (!exam.data) return <ErrorState error={exam.error} onRetry={() => void exam.refetch()} />;
  return (
    <Flex vertical gap={16}>
      <ExamPageHeader exam={exam.data} title={t('marking.title', { title: exam.data.title })} />
      <MarkingWorkspace exam={exam.data} />
    </Flex>
  );
}

/** `/exam/:id/marking`: the teaching team marks answers by question or by student. */
export function ExamMarkingPage() {
  const examId = useExamIdParam();
  if (examId === null) return <NotFoundResult />;
  return <MarkingContent key={examId} examId={examId} />;
}
