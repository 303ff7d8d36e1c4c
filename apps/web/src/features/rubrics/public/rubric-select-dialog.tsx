import { PlusOutlined } from '@ant-design/icons';
import type { Rubric, RubricInput } from '@lectern/contracts/rubrics/rubric.schemas';
import { Alert, Button, Flex, Modal, Radio, Spin, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRubrics } from '../api/list-rubrics.ts';
import { EmptyState } from '../../../shared/components/page-state.tsx';
import { RubricCreateModal } from './rubric-create-modal.tsx';
import { RubricDetailModal } from './rubric-detail-modal.tsx';

/** Spec 000 addendum: the rubric selection dialog is 600 wide. */
export const RUBRIC_SELECT_WIDTH = 600;

export interface RubricSelectDialogProps {
  open: boolean;
  /** The rubric chosen now (preselected); null or absent for none. */
  value?: number | null;
  /** OK with a rubric chosen; the caller saves it (e.g. `PATCH /api/homeworks/{id}/rubric`) and closes. */
  onSelect: (rubric: Rubric) => void;
  onClose: () => void;
  /** Lets the preview dialog edit the teacher's own rubrics (spec: editing only if allowEdit). */
  allowEdit?: boolean;
  /** Passed to the create dialog: the seam for AI generation. */
  renderGenerate?: (apply: (input: RubricInput) => void) => ReactNode;
  /** Passed to the create dialog: what its AI generate button starts from. */
  generateFrom?: { content?: string; homeworkId?: number };
}

/** Lists the teacher's rubrics (total, uses), previews one, creates one, and picks one. */
export function RubricSelectDialog({
  open,
  value,
  onSelect,
  onClose,
  allowEdit = false,
  renderGenerate,
  generateFrom,
}: RubricSelectDialogProps) {
  const { t } = useTranslation('rubrics');
  const { t: tShared } = useTranslation('shared');
  const query = useRubrics(open);
  const [chosen, setChosen] = useState<number | null>(null);
  const [previewId, setPreviewId] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const selectedId = chosen ?? value ?? null;
  const rubrics = query.data ?? [];
  const selected = rubrics.find((r) => r.id === selectedId);

  return (
    <>
      <Modal
        open={open}
        width={RUBRIC_SELECT_WIDTH}
        title={t('select.title')}
        onCancel={onClose}
        afterClose={() => setChosen(null)}
        destroyOnHidden
        okText={t('actions.ok')}
        cancelText={tShared('actions.cancel')}
        okButtonProps={{ disabled: !selected }}
        onOk={() => {
          if (selected) onSelect(selected);
        }}
      >
        <Flex justify="end" style={{ marginBottom: 12 }}>
          <Button icon={<PlusOutlined aria-hidden />} onClick={() => setCreating(true)}>
            {t('select.create')}
          </Button>
        </Flex>
        {query.isPending ? (
          <Flex justify="center" style={{ padding: 32 }}>
            <Spin />
          </Flex>
        ) : query.isError ? (
          <Alert type="error" showIcon title={query.error.message} />
        ) : rubrics.length === 0 ? (
          <EmptyState description={t('select.empty')} />
        ) : (
          <Radio.Group
            aria-label={t('select.listLabel')}
            value={selectedId}
            onChange={(e) => setChosen(e.target.value as number)}
            style={{ width: '100%' }}
          >
            <Flex vertical gap={8} style={{ maxHeight: 420, overflowY: 'auto' }}>
              {rubrics.map((rubric) => (
                <Flex
                  key={rubric.id}
                  justify="space-between"
                  align="center"
                  gap={8}
                  style={{
                    padding: '8px 12px',
                    border: '1px solid var(--ant-color-border-secondary)',
                    borderRadius: 6,
                  }}
                >
                  <Radio value={rubric.id} style={{ minWidth: 0 }}>
                    <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
                      {rubric.name}
                    </Typography.Text>
                    <br />
                    <Typography.Text type="secondary">
                      {t('select.summary', { total: rubric.total, count: rubric.engage_number })}
                    </Typography.Text>
                  </Radio>
                  <Button
                    size="small"
                    aria-label={t('select.preview', { name: rubric.name })}
                    onClick={() => setPreviewId(rubric.id)}
                  >
                    {t('select.previewButton')}
                  </Button>
                </Flex>
              ))}
            </Flex>
          </Radio.Group>
        )}
      </Modal>
      <RubricDetailModal
        open={previewId !== null}
        rubric={rubrics.find((r) => r.id === previewId)}
        allowEdit={allowEdit}
        onClose={() => setPreviewId(null)}
      />
      <RubricCreateModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(rubric) => setChosen(rubric.id)}
        renderGenerate={renderGenerate}
        generateFrom={generateFrom}
      />
    </>
  );
}
