import type { HomeworkDetail } from '@lectern/contracts/homework/homework.schemas';
import { FileSearchOutlined, FormOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Modal, Space, Statistic } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmitters } from '../api/list-submitters.ts';
import { DuplicateCheckView } from './duplicate-check-view.tsx';
import { HomeworkFacts } from './homework-facts.tsx';
import { windowState } from './homework-window.ts';
import { MarkingDialog } from './marking-dialog.tsx';
import { PublishScoreSettings } from './publish-score-settings.tsx';
import { ReferenceAnswerSetting } from './reference-answer.tsx';
import { RubricSetting } from './rubric-setting.tsx';
import { HomeworkSubmissionsPanel } from './submissions-table.tsx';

/** The duplicate-check view has two tables side by side in its pair dialog: it gets a wide window. */
const DUPLICATE_VIEW_WIDTH = 1000;

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
  const [checking, setChecking] = useState(false);
  return (
    <Flex vertical gap={16} style={{ minWidth: 0 }}>
      <HomeworkFacts detail={detail} state={windowState(detail, null)} />
      <Card
        size="small"
        title={t('summary.title')}
        extra={
          detail.permissions.allow_mark ? (
            <Space wrap>
              <Button icon={<FileSearchOutlined aria-hidden />} onClick={() => setChecking(true)}>
                {t('duplicate.open')}
              </Button>
              <Button type="primary" icon={<FormOutlined aria-hidden />} onClick={() => setMarking(true)}>
                {t('summary.mark')}
              </Button>
            </Space>
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
          <Modal
            open={checking}
            width={DUPLICATE_VIEW_WIDTH}
            title={t('duplicate.title', { title: detail.title })}
            footer={null}
            onCancel={() => setChecking(false)}
            destroyOnHidden
          >
            <DuplicateCheckView homeworkId={detail.id} />
          </Modal>
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
      <Card size="small" title={t('referenceAnswer.title')}>
        <ReferenceAnswerSetting detail={detail} />
      </Card>
    </Flex>
  );
}
