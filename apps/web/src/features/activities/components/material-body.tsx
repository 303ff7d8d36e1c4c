import { QuestionCircleOutlined } from '@ant-design/icons';
import type { Activity } from '@lectern/contracts/activities/activity.schemas';
import type { UploadReference } from '@lectern/contracts/uploads/upload.schemas';
import { Button, Col, Flex, Row } from 'antd';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageState } from '../../../shared/components/page-state.tsx';
import { QuestionPanel } from '../../discussions/public/question-panel.tsx';
import { ReferenceSelector } from '../../uploads/public/reference-selector.tsx';
import { ReferenceViewer } from '../../uploads/public/reference-viewer.tsx';
import { useActivityReferences } from '../../uploads/public/use-activity-references.ts';

function Courseware({ activityId, references }: { activityId: number; references: UploadReference[] }) {
  const { t } = useTranslation('activities');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [questionsOpen, setQuestionsOpen] = useState(true);
  const selected = references.find((reference) => reference.id === selectedId) ?? references[0];
  // The page being read, polled by the question panel; a ref, so turning pages re-renders nothing here.
  const page = useRef<{ referenceId: number; page: number } | null>(null);
  const selectedRef = selected?.id ?? null;
  const readLocation = useCallback(
    () => (page.current && page.current.referenceId === selectedRef ? String(page.current.page) : null),
    [selectedRef],
  );
  if (!selected) return null;

  const select = (referenceId: number) => {
    page.current = null;
    setSelectedId(referenceId);
  };

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={questionsOpen ? 16 : 24}>
        <Flex vertical gap={12}>
          <Flex align="center" gap={8} wrap justify="space-between">
            <div style={{ flex: '1 1 320px' }}>
              <ReferenceSelector references={references} selectedId={selected.id} onSelect={select} />
            </div>
            {questionsOpen ? null : (
              <Button icon={<QuestionCircleOutlined aria-hidden />} onClick={() => setQuestionsOpen(true)}>
                {t('courseware.showQuestions')}
              </Button>
            )}
          </Flex>
          <ReferenceViewer
            reference={selected}
            onPageChange={(pageNumber) => {
              page.current = { referenceId: selected.id, page: pageNumber };
            }}
          />
        </Flex>
      </Col>
      {questionsOpen ? (
        <Col xs={24} xl={8}>
          <QuestionPanel
            activityId={activityId}
            referenceId={selected.id}
            readLocation={readLocation}
            onClose={() => setQuestionsOpen(false)}
          />
        </Col>
      ) : null}
    </Row>
  );
}

/**
 * A courseware (material) activity: its files one at a time (previous/next or pick from the list),
 * documents in the page viewer, and the question panel beside them, tied to the file and page read.
 */
export function MaterialBody({ activity, description }: { activity: Activity; description?: ReactNode }) {
  const { t } = useTranslation('activities');
  const references = useActivityReferences(activity.id);
  return (
    <Flex vertical gap={16}>
      {description}
      <PageState
        query={references}
        isEmpty={(list) => list.length === 0}
        emptyDescription={t('detail.noFiles')}
      >
        {(list) => <Courseware activityId={activity.id} references={list} />}
      </PageState>
    </Flex>
  );
}
