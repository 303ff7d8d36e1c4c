import type { Rubric, RubricInput } from '@lectern/contracts/rubrics/rubric.schemas';
import { App, Button, Flex, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateRubric } from '../api/create-rubric.ts';
import { draftFromRubric, newDraft, type DefaultLevelLabels } from '../components/rubric-draft.ts';
import { RubricEditor } from '../components/rubric-editor.tsx';
import { RubricGenerate } from '../components/rubric-generate.tsx';
import { useRubricForm } from '../components/use-rubric-form.ts';

/** Spec 001 section 9: the rubric create dialog is 900 wide. */
export const RUBRIC_CREATE_MODAL_WIDTH = 900;

export interface RubricCreateModalProps {
  open: boolean;
  onClose: () => void;
  /** After `POST /api/rubrics` succeeded (the dialog closes itself too). */
  onCreated?: (rubric: Rubric) => void;
  /** Starts from this rubric (a copy, a suggestion) instead of one criterion with the default ratings. */
  initial?: RubricInput;
  /**
   * The seam for AI generation (a separate issue): renders an action at the left of the footer; calling
   * `apply` replaces the draft with a generated rubric, which the teacher then reviews and saves.
   */
  renderGenerate?: (apply: (input: RubricInput) => void) => ReactNode;
  /**
   * Where the built-in AI generate button (shown when no `renderGenerate` is given and a model is
   * configured) starts from: a homework's description and id.
   */
  generateFrom?: { content?: string; homeworkId?: number };
}

/** Creates a rubric in the editor (edit and preview modes); validation as the server's. */
export function RubricCreateModal({
  open,
  onClose,
  onCreated,
  initial,
  renderGenerate,
  generateFrom,
}: RubricCreateModalProps) {
  const { t } = useTranslation('rubrics');
  return (
    <Modal
      open={open}
      width={RUBRIC_CREATE_MODAL_WIDTH}
      title={t('create.title')}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <CreateBody
        onClose={onClose}
        onCreated={onCreated}
        initial={initial}
        renderGenerate={renderGenerate}
        generateFrom={generateFrom}
      />
    </Modal>
  );
}

function CreateBody({
  onClose,
  onCreated,
  initial,
  renderGenerate,
  generateFrom,
}: Omit<RubricCreateModalProps, 'open'>) {
  const { t } = useTranslation('rubrics');
  const { t: tShared } = useTranslation('shared');
  const { message } = App.useApp();
  const create = useCreateRubric();
  const labels: DefaultLevelLabels = {
    excellent: t('editor.defaultLevels.excellent'),
    good: t('editor.defaultLevels.good'),
    pass: t('editor.defaultLevels.pass'),
    needImprovement: t('editor.defaultLevels.needImprovement'),
  };
  const form = useRubricForm(() => (initial ? draftFromRubric(initial) : newDraft(labels)));

  const apply = (input: RubricInput) => form.setDraft(draftFromRubric(input));

  const save = async () => {
    let created: Rubric | undefined;
    const ok = await form.submit(async (input) => {
      created = await create.mutateAsync(input);
    });
    if (ok && created) {
      void message.success(t('editor.saved'));
      onCreated?.(created);
      onClose();
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
      />
      <Flex justify="space-between" gap={8} style={{ marginTop: 16 }}>
        <div>
          {renderGenerate ? (
            renderGenerate(apply)
          ) : (
            <RubricGenerate
              content={generateFrom?.content}
              homeworkId={generateFrom?.homeworkId}
              onApply={apply}
            />
          )}
        </div>
        <Flex gap={8}>
          <Button onClick={onClose} disabled={form.saving}>
            {tShared('actions.cancel')}
          </Button>
          <Button type="primary" loading={form.saving} onClick={() => void save()}>
            {tShared('actions.save')}
          </Button>
        </Flex>
      </Flex>
    </>
  );
}
