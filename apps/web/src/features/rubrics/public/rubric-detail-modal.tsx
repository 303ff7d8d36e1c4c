import type { Rubric } from '@lectern/contracts/rubrics/rubric.schemas';
import { Alert, App, Button, Flex, Modal, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRubricQuery } from '../api/get-rubric.ts';
import { useUpdateRubric } from '../api/update-rubric.ts';
import { draftFromRubric } from '../components/rubric-draft.ts';
import { RubricEditor } from '../components/rubric-editor.tsx';
import { useRubricForm } from '../components/use-rubric-form.ts';
import { RubricPreview } from './rubric-preview.tsx';

/** Spec 001 section 9: the rubric dialog is 600 wide, 900 while editing. */
export const RUBRIC_DETAIL_WIDTH = 600;
export const RUBRIC_DETAIL_EDIT_WIDTH = 900;

export interface RubricDetailModalProps {
  open: boolean;
  /** Loaded with `GET /api/rubrics/{id}` unless `rubric` is given. */
  rubricId?: number | null;
  /** A rubric already at hand (e.g. embedded in a homework a student reads); wins over `rubricId`. */
  rubric?: Rubric;
  /**
   * Spec: rubric editing only if allowEdit (the homework's edit permission). Even then, Edit shows only
   * for the rubric's creator (`can_edit`).
   */
  allowEdit?: boolean;
  onClose: () => void;
  /** After a successful `PUT /api/rubrics/{id}`. */
  onSaved?: (rubric: Rubric) => void;
}

/** Shows a rubric (preview table); its creator, where editing is allowed, edits it in place. */
export function RubricDetailModal({
  open,
  rubricId,
  rubric,
  allowEdit = false,
  onClose,
  onSaved,
}: RubricDetailModalProps) {
  const { t } = useTranslation('rubrics');
  const query = useRubricQuery(open && !rubric ? rubricId : null);
  const [editing, setEditing] = useState(false);
  // What this dialog saved is newer than a `rubric` handed in before the save.
  const [saved, setSaved] = useState<Rubric>();
  const shown = saved ?? rubric ?? query.data;
  const canEdit = allowEdit && shown?.can_edit === true;

  return (
    <Modal
      open={open}
      width={editing ? RUBRIC_DETAIL_EDIT_WIDTH : RUBRIC_DETAIL_WIDTH}
      title={editing ? t('detail.editTitle') : (shown?.name ?? t('detail.title'))}
      footer={null}
      onCancel={onClose}
      afterClose={() => {
        setEditing(false);
        setSaved(undefined);
      }}
      destroyOnHidden
      mask={{ closable: !editing }}
    >
      {!shown ? (
        query.isError ? (
          <Alert type="error" showIcon title={t('detail.notFound')} />
        ) : (
          <Flex justify="center" style={{ padding: 32 }}>
            <Spin />
          </Flex>
        )
      ) : editing && canEdit ? (
        <EditBody
          rubric={shown}
          onCancel={() => setEditing(false)}
          onSaved={(next) => {
            setSaved(next);
            setEditing(false);
            onSaved?.(next);
          }}
        />
      ) : (
        <>
          <Space size={16} wrap style={{ marginBottom: 12 }}>
            <Typography.Text type="secondary">
              {t('detail.createdBy', { name: shown.created_by.name })}
            </Typography.Text>
            <Typography.Text type="secondary">
              {t('detail.engaged', { count: shown.engage_number })}
            </Typography.Text>
          </Space>
          <RubricPreview rubric={shown} />
          <Flex justify="end" gap={8} style={{ marginTop: 16 }}>
            <Button onClick={onClose}>{t('detail.close')}</Button>
            {canEdit && (
              <Button type="primary" onClick={() => setEditing(true)}>
                {t('detail.edit')}
              </Button>
            )}
          </Flex>
        </>
      )}
    </Modal>
  );
}

function EditBody({
  rubric,
  onCancel,
  onSaved,
}: {
  rubric: Rubric;
  onCancel: () => void;
  onSaved: (rubric: Rubric) => void;
}) {
  const { t } = useTranslation('rubrics');
  const { t: tShared } = useTranslation('shared');
  const { message } = App.useApp();
  const update = useUpdateRubric();
  const form = useRubricForm(() => draftFromRubric(rubric));

  const save = async () => {
    let saved: Rubric | undefined;
    const ok = await form.submit(async (input) => {
      saved = await update.mutateAsync({ id: rubric.id, body: input });
    });
    if (ok && saved) {
      void message.success(t('editor.saved'));
      onSaved(saved);
    }
  };

  return (
    <>
      <RubricEditor
        mode={form.mode}
        onModeChange={form.setMode}
        draft={form.draft}
        onChange={form.setDraft}
        errors={form.errors}
        disabled={form.saving}
        scoringLocked={rubric.engage_number > 0}
      />
      <Flex justify="end" gap={8} style={{ marginTop: 16 }}>
        <Button onClick={onCancel} disabled={form.saving}>
          {tShared('actions.cancel')}
        </Button>
        <Button type="primary" loading={form.saving} onClick={() => void save()}>
          {tShared('actions.save')}
        </Button>
      </Flex>
    </>
  );
}
