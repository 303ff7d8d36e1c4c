import type { Editor } from '@tiptap/react';
import { Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Addresses a link may take: the sanitiser's schemes, or a path inside Lectern. */
const LINK = /^(https?:\/\/|mailto:|\/(?!\/))/i;

export interface LinkDialogProps {
  editor: Editor;
  open: boolean;
  onClose: () => void;
}

/** Sets, changes or removes the link on the selected text (or inserts the address as its own text). */
export function LinkDialog(props: LinkDialogProps) {
  // Mounted per opening, so it starts from the link under the cursor each time.
  return props.open ? <OpenLinkDialog {...props} /> : null;
}

function OpenLinkDialog({ editor, onClose }: LinkDialogProps) {
  const { t } = useTranslation('shared');
  const [href, setHref] = useState(() => String(editor.getAttributes('link').href ?? ''));
  const [invalid, setInvalid] = useState(false);

  function apply() {
    const url = href.trim();
    if (!LINK.test(url)) {
      setInvalid(true);
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty && !editor.isActive('link')) {
      chain.insertContent({ type: 'text', text: url, marks: [{ type: 'link', attrs: { href: url } }] }).run();
    } else {
      chain.setLink({ href: url }).run();
    }
    onClose();
  }

  return (
    <Modal
      title={t('richText.linkTitle')}
      open
      onCancel={onClose}
      destroyOnHidden
      footer={[
        editor.isActive('link') ? (
          <Button
            key="remove"
            danger
            onClick={() => {
              editor.chain().focus().extendMarkRange('link').unsetLink().run();
              onClose();
            }}
          >
            {t('richText.linkRemove')}
          </Button>
        ) : null,
        <Button key="cancel" onClick={onClose}>
          {t('richText.cancel')}
        </Button>,
        <Button key="ok" type="primary" onClick={apply}>
          {t('richText.ok')}
        </Button>,
      ]}
    >
      <Form layout="vertical" onFinish={apply}>
        <Form.Item
          label={t('richText.linkUrl')}
          htmlFor="rich-text-link-url"
          validateStatus={invalid ? 'error' : undefined}
          help={invalid ? t('richText.linkInvalid') : undefined}
        >
          <Input
            id="rich-text-link-url"
            autoFocus
            value={href}
            placeholder="https://"
            onChange={(event) => {
              setHref(event.target.value);
              setInvalid(false);
            }}
            onPressEnter={apply}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
