import type { Editor } from '@tiptap/react';
import { Empty, Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActivityChoices } from './rich-text-environment.ts';

export interface ActivityReferenceDialogProps {
  editor: Editor;
  choices: ActivityChoices | null;
  open: boolean;
  onClose: () => void;
}

/**
 * The activity-reference item (spec 001 section 5, editorActivityRefer): picks an activity of the current
 * course and links to it, on the selected words or with the activity's title as the link text.
 */
export function ActivityReferenceDialog(props: ActivityReferenceDialogProps) {
  // Mounted per opening, so nothing stays picked from the last time.
  return props.open ? <OpenActivityReferenceDialog {...props} /> : null;
}

function OpenActivityReferenceDialog({ editor, choices, onClose }: ActivityReferenceDialogProps) {
  const { t } = useTranslation('shared');
  const [picked, setPicked] = useState<number | null>(null);

  const activities = choices?.activities ?? [];

  function apply() {
    const activity = activities.find((a) => a.id === picked);
    if (!activity) return;
    const chain = editor.chain().focus();
    if (editor.state.selection.empty) {
      chain
        .insertContent([
          { type: 'text', text: activity.title, marks: [{ type: 'link', attrs: { href: activity.href } }] },
          { type: 'text', text: ' ' },
        ])
        .run();
    } else {
      chain.setLink({ href: activity.href }).run();
    }
    onClose();
  }

  return (
    <Modal
      title={t('richText.activityTitle')}
      open
      onCancel={onClose}
      onOk={apply}
      okText={t('richText.ok')}
      cancelText={t('richText.cancel')}
      okButtonProps={{ disabled: picked === null }}
      destroyOnHidden
    >
      {!choices?.loading && activities.length === 0 ? (
        <Empty description={t('richText.activityNone')} />
      ) : (
        <Form layout="vertical">
          <Form.Item label={t('richText.activityPick')} htmlFor="rich-text-activity">
            <Select
              id="rich-text-activity"
              showSearch={{ optionFilterProp: 'label' }}
              loading={choices?.loading}
              value={picked ?? undefined}
              onChange={(id: number) => setPicked(id)}
              options={activities.map((a) => ({ value: a.id, label: a.title }))}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
