import { DownloadOutlined, EditOutlined, FormOutlined, PlayCircleOutlined } from '@ant-design/icons';
import type { Activity } from '@lectern/contracts/activities/activity.schemas';
import type { QualificationResponse } from '@lectern/contracts/exams/exam-taking.schemas';
import { Alert, Button, Card, Collapse, Descriptions, Flex, List, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/components/date-time.ts';
import { ErrorState, LoadingState } from '../../../shared/components/page-state.tsx';
import { RenderedHtml } from '../../../shared/components/rendered-html.tsx';
import { useExamQualification } from '../api/check-exam-qualification.ts';
import { scoresCsvUrl } from '../api/export-exam-scores.ts';
import { useExamSubmissions } from '../api/list-exam-submissions.ts';
import { ClassroomExamBody } from '../components/taking/classroom-exam-body.tsx';
import { RetakeRecords } from '../components/retakes/retake-records.tsx';
import {
  examMarkingPath,
  examResultPath,
  examSubjectsPath,
  examTakePath,
} from '../components/taking/exam-paths.ts';
import { LinkButton } from '../components/taking/link-button.tsx';

type ExamStatus = 'notStarted' | 'open' | 'closed';

function statusOf(activity: Activity): ExamStatus {
  if (activity.status === 'notStarted') return 'notStarted';
  if (activity.status === 'expired') return 'closed';
  return 'open';
}

const STATUS_COLORS: Record<ExamStatus, string> = { notStarted: 'default', open: 'green', closed: 'red' };

function ExamStatusTag({ activity }: { activity: Activity }) {
  const { t } = useTranslation('exams');
  const status = statusOf(activity);
  return <Tag color={STATUS_COLORS[status]}>{t(`taking.status.${status}`)}</Tag>;
}

function timeWindow(activity: Activity, t: (key: string, values?: Record<string, unknown>) => string) {
  const start = formatDateTime(activity.start_time);
  const end = formatDateTime(activity.end_time);
  if (start && end) return t('taking.window.range', { start, end });
  if (start) return t('taking.window.from', { start });
  if (end) return t('taking.window.until', { end });
  return t('taking.window.always');
}

function StartButton({ examId, qualification }: { examId: number; qualification: QualificationResponse }) {
  const { t } = useTranslation('exams');
  if (!qualification.qualified) {
    return (
      <Alert
        type="info"
        showIcon
        title={qualification.message ?? t(`taking.reasons.${qualification.reason ?? 'closed'}`)}
      />
    );
  }
  return (
    <div>
      <LinkButton to={examTakePath(examId)} type="primary" icon={<PlayCircleOutlined aria-hidden />}>
        {qualification.has_draft ? t('taking.resume') : t('taking.start')}
      </LinkButton>
    </div>
  );
}

function StudentExamBody({ activity }: { activity: Activity }) {
  const { t } = useTranslation('exams');
  const qualification = useExamQualification(activity.id);
  const submissions = useExamSubmissions(activity.id);

  if (qualification.isPending) return <LoadingState />;
  if (!qualification.data) {
    return <ErrorState error={qualification.error} onRetry={() => void qualification.refetch()} />;
  }
  const q = qualification.data;
  const list = submissions.data;

  return (
    <Flex vertical gap={16}>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        items={[
          { key: 'status', label: t('taking.statusLabel'), children: <ExamStatusTag activity={activity} /> },
          { key: 'window', label: t('taking.windowLabel'), children: timeWindow(activity, t) },
          {
            key: 'attempts',
            label: t('taking.attemptsLabel'),
            children: t('taking.attemptsUsed', { used: q.submission_count, allowed: q.submit_times }),
          },
          {
            key: 'score',
            label: t('result.scoreLabel'),
            children: !list
              ? '—'
              : !list.score_released
                ? t('result.scoreNotReleased')
                : list.score === null
                  ? list.submissions.length > 0
                    ? t('result.awaitingMarkingTotal')
                    : '—'
                  : String(list.score),
          },
        ]}
      />
      <StartButton examId={activity.id} qualification={q} />
      {list && list.submissions.length > 0 ? (
        <Card size="small" title={t('result.pastSubmissions')}>
          <List
            size="small"
            dataSource={list.submissions}
            renderItem={(submission, index) => (
              <List.Item
                actions={[
                  <Link key="view" to={examResultPath(activity.id, submission.id)}>
                    {t('result.view')}
                  </Link>,
                ]}
              >
                <Space wrap>
                  <Typography.Text strong>{t('result.attemptLabel', { number: index + 1 })}</Typography.Text>
                  <Typography.Text type="secondary">
                    {formatDateTime(submission.submitted_at)}
                  </Typography.Text>
                  <Typography.Text>
                    {!list.score_released
                      ? t('result.scoreNotReleased')
                      : submission.score === null
                        ? t('result.awaitingMarkingTotal')
                        : t('result.attemptScoreValue', { score: submission.score })}
                  </Typography.Text>
                </Space>
              </List.Item>
            )}
          />
          <Link to={examResultPath(activity.id)}>{t('result.open')}</Link>
        </Card>
      ) : null}
    </Flex>
  );
}

function InstructorExamBody({ activity }: { activity: Activity }) {
  const { t } = useTranslation('exams');
  return (
    <Flex vertical gap={16}>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        items={[
          { key: 'status', label: t('taking.statusLabel'), children: <ExamStatusTag activity={activity} /> },
          { key: 'window', label: t('taking.windowLabel'), children: timeWindow(activity, t) },
        ]}
      />
      <Space wrap>
        <LinkButton to={examSubjectsPath(activity.id)} icon={<EditOutlined aria-hidden />}>
          {t('taking.editQuestions')}
        </LinkButton>
        <LinkButton to={examMarkingPath(activity.id)} type="primary" icon={<FormOutlined aria-hidden />}>
          {t('marking.open')}
        </LinkButton>
        <Button icon={<DownloadOutlined aria-hidden />} href={scoresCsvUrl(activity.id)} download>
          {t('marking.downloadScores')}
        </Button>
      </Space>
      <Collapse
        items={[
          {
            key: 'retakes',
            label: t('retakes.title'),
            children: <RetakeRecords examId={activity.id} />,
          },
        ]}
      />
    </Flex>
  );
}

/** What the activity page shows for an exam or a classroom exam, by the viewer's role. */
export function ExamActivityBody({ activity }: { activity: Activity }) {
  const description = typeof activity.data.description === 'string' ? activity.data.description : '';
  return (
    <Flex vertical gap={16}>
      {description.trim() ? <RenderedHtml html={description} /> : null}
      {activity.type === 'classroom_exam' ? (
        <ClassroomExamBody activity={activity} />
      ) : activity.can_edit ? (
        <InstructorExamBody activity={activity} />
      ) : (
        <StudentExamBody activity={activity} />
      )}
    </Flex>
  );
}
