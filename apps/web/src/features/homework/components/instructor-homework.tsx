import type { HomeworkDetail } from '@lectern/contracts/homework/homework.schemas';
import { FormOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Statistic } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmitters } from '../api/list-submitters.ts';
import { HomeworkFacts } from './homework-facts.tsx';
import { windowState } from './homework-window.ts';
import { MarkingDialog } from './marking-dialog.tsx';
import { PublishScoreSettings } from './publish-score-settings.tsx';
import { RubricSetting } from './rubric-setting.tsx';
import { HomeworkSubmissionsPanel } from './submissions-table.tsx';

/** Submitted n of N, marked m: the marking list counted. */
function SubmissionSummary({ detail }: { detail: HomeworkDetail }) {
  const { t } = useTranslation('homework');
  const submitters = useSubmitters(detail.id);
  const list = submitters.data?.submitters ?? [];
  const submitted = list.filter((s) => s.submission_count > 0).length;
  const marked = list.filter((s) => s.mark_status === 'marked').length;
  const loading = submitters.isPending;
  return (
    <Flex gap={24} wrap role="group" aria-label={t('summary.label')}>
      <Statistic
        title={t('summary.submitted')}
        loading={loading}
        value={submitted}
        suffix={`/ ${list.length}`}
      />
      <Statistic title={t('summary.marked')} loading={loading} value={marked} suffix={`/ ${submitted}`} />
    </Flex>
  );
}

export interface InstructorHomeworkProps {
  detail: HomeworkDetail;
  onChanged?: () => void;
}

/**
 * The teaching team's view: where the homework stands, the hand-in summary with the way into marking,
 * every submitter's standing, score publishing and the rubric.
 */
export function InstructorHomework({ detail, onChanged }: InstructorHomeworkProps) {
  const { t } = useTranslation('homework');
  const [marking, setMarking] = useState(false);
  return (
    <Flex vertical gap={16} style={{ minWidth: 0 }}>
      <HomeworkFacts detail={detail} state={windowState(detail, null)} />
      <Card
        size="small"
        title={t('summary.title')}
        extra={
          detail.permissions.allow_mark ? (
            <Button type="primary" icon={<FormOutlined aria-hidden />} onClick={() => setMarking(true)}>
              {t('summary.mark')}
            </Button>
          ) : null
        }
      >
        <SubmissionSummary detail={detail} />
      </Card>
      {detail.permissions.allow_mark ? (
        <>
          <Card size="small">
            <HomeworkSubmissionsPanel homework={detail} />
          </Card>
          <MarkingDialog
            homework={detail}
            open={marking}
            submitterId={null}
            simulating={detail.is_simulating}
            onClose={() => setMarking(false)}
          />
        </>
      ) : null}
      <Card size="small" title={t('publish.title')}>
        <PublishScoreSettings detail={detail} onChanged={onChanged} />
      </Card>
      <Card size="small" title={t('rubric.title')}>
        <RubricSetting detail={detail} onChanged={onChanged} />
      </Card>
    </Flex>
  );
}
