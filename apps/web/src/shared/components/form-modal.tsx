import { App, Form, Modal, type FormInstance, type FormProps, type ModalProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerFormErrors, type ServerFieldAliases } from './server-form-errors.ts';

export interface FormModalProps<Values> {
  open: boolean;
  title: ReactNode;
  /** Pass one from `Form.useForm()` to watch or set fields from outside; otherwise the dialog makes its own. */
  form?: FormInstance<Values>;
  initialValues?: FormProps<Values>['initialValues'];
  onValuesChange?: FormProps<Values>['onValuesChange'];
  /**
   * Saves the validated values. Until the promise settles the form is disabled and Save shows it is
   * working; when it resolves the dialog closes; when it rejects, server messages go under their fields
   * and the summary shows as a toast.
   */
  onSubmit: (values: Values) => Promise<unknown>;
  /** Server fields shown under another form field (see applyServerFormErrors). */
  serverFieldAliases?: ServerFieldAliases;
  onClose: () => void;
  afterClose?: () => void;
  width?: ModalProps['width'];
  /** Replaces the footer: gets the Cancel and Save buttons, and whether a save is running. */
  footer?: (buttons: ReactNode, saving: boolean) => ReactNode;
  children: ReactNode;
}

/**
 * A dialog holding one form. Save is the form's submit button, so Enter in a field submits too; Escape
 * and Cancel close; a click outside does not, so typed values are not lost by accident. The fields
 * start from `initialValues` each time, because the form is destroyed with the closed dialog.
 */
export function FormModal<Values extends object>({
  open,
  title,
  form,
  initialValues,
  onValuesChange,
  onSubmit,
  serverFieldAliases,
  onClose,
  afterClose,
  width,
  footer,
  children,
}: FormModalProps<Values>) {
  const { t } = useTranslation('shared');
  const { message } = App.useApp();
  const [formInstance] = Form.useForm<Values>(form);
  const [saving, setSaving] = useState(false);

  const onFinish = async (values: Values) => {
    setSaving(true);
    try {
      await onSubmit(values);
      onClose();
    } catch (error) {
      applyServerFormErrors(formInstance, error, message, serverFieldAliases);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      width={width}
      title={title}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      okButtonProps={{ htmlType: 'submit', loading: saving }}
      onCancel={onClose}
      afterClose={afterClose}
      destroyOnHidden
      mask={{ closable: false }}
      footer={footer ? (buttons) => footer(buttons, saving) : undefined}
      modalRender={(dom) => (
        <Form<Values>
          form={formInstance}
          layout="vertical"
          initialValues={initialValues}
          onValuesChange={onValuesChange}
          onFinish={(values) => void onFinish(values)}
          disabled={saving}
          clearOnDestroy
        >
          {dom}
        </Form>
      )}
    >
      {children}
    </Modal>
  );
}
