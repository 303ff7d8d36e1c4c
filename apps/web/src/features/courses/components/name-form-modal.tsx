import { App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerFormErrors } from '../../../shared/components/server-form-errors.ts';

export interface NameFormModalProps {
  open: boolean;
  title: string;
  label: string;
  /** The wire field the name travels in (`name`, `summary`), so server errors land under the input. */
  field: string;
  requiredMessage: string;
  maxLength: number;
  initialValue?: string;
  /** Saves the trimmed name; the dialog closes when the promise resolves. */
  onSubmit: (value: string) => Promise<unknown>;
  onClose: () => void;
  afterClose?: () => void;
}

/** A one-field dialog for naming or renaming something (module, syllabus, group set, group). */
export function NameFormModal({
  open,
  title,
  label,
  field,
  requiredMessage,
  maxLength,
  initialValue,
  onSubmit,
  onClose,
  afterClose,
}: NameFormModalProps) {
  const { t } = useTranslation('courses');
  const { message } = App.useApp();
  const [form] = Form.useForm<Record<string, string>>();
  const [saving, setSaving] = useState(false);

  const onFinish = async (values: Record<string, string>) => {
    setSaving(true);
    try {
      await onSubmit((values[field] ?? '').trim());
      onClose();
    } catch (error) {
      applyServerFormErrors(form, error, message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      okText={t('shared:actions.save')}
      cancelText={t('shared:actions.cancel')}
      okButtonProps={{ htmlType: 'submit', loading: saving }}
      onCancel={onClose}
      afterClose={afterClose}
      destroyOnHidden
      mask={{ closable: false }}
      modalRender={(dom) => (
        <Form
          form={form}
          layout="vertical"
          initialValues={{ [field]: initialValue ?? '' }}
          onFinish={(values) => void onFinish(values)}
          disabled={saving}
          clearOnDestroy
        >
          {dom}
        </Form>
      )}
    >
      <Form.Item
        name={field}
        label={label}
        rules={[
          { required: true, whitespace: true, message: requiredMessage },
          { max: maxLength, message: t('form.tooLong', { max: maxLength }) },
        ]}
      >
        <Input autoFocus autoComplete="off" />
      </Form.Item>
    </Modal>
  );
}
