import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../shared/components/form-modal.tsx';

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

  return (
    <FormModal<Record<string, string>>
      open={open}
      title={title}
      initialValues={{ [field]: initialValue ?? '' }}
      onSubmit={(values) => onSubmit((values[field] ?? '').trim())}
      onClose={onClose}
      afterClose={afterClose}
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
    </FormModal>
  );
}
