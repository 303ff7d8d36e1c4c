import {
  EXTENSION_APP_LIMITS,
  isWebUrl,
  type ExtensionApp,
  type ExtensionAppBody,
} from '@lectern/contracts/course-services/extension-apps.schemas';
import { Form, Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../shared/components/form-modal.tsx';

type Values = { name: string; url: string; icon_url: string; visible_to_students: boolean };

/** Adds or edits one extension app of a course (the teaching team only). */
export function ExtensionAppFormModal({
  open,
  app,
  onSubmit,
  onClose,
}: {
  open: boolean;
  /** The app being edited; null adds one. */
  app: ExtensionApp | null;
  onSubmit: (body: ExtensionAppBody) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation('course-services');
  const webUrl = (message: string, optional: boolean) => ({
    validator: (_: unknown, value: string | undefined) =>
      (optional && !value?.trim()) || isWebUrl(value?.trim() ?? '')
        ? Promise.resolve()
        : Promise.reject(new Error(message)),
  });
  return (
    <FormModal<Values>
      open={open}
      title={app ? t('apps.edit') : t('apps.add')}
      initialValues={{
        name: app?.name ?? '',
        url: app?.url ?? '',
        icon_url: app?.icon_url ?? '',
        visible_to_students: app?.visible_to_students ?? true,
      }}
      onSubmit={(values) => onSubmit({ ...values, icon_url: values.icon_url.trim() || null })}
      onClose={onClose}
    >
      <Form.Item
        name="name"
        label={t('apps.name')}
        rules={[{ required: true, whitespace: true, message: t('apps.nameRequired') }]}
      >
        <Input maxLength={EXTENSION_APP_LIMITS.nameMax} showCount />
      </Form.Item>
      <Form.Item
        name="url"
        label={t('apps.url')}
        extra={t('apps.urlHint')}
        rules={[{ required: true, message: t('apps.urlInvalid') }, webUrl(t('apps.urlInvalid'), false)]}
      >
        <Input inputMode="url" maxLength={EXTENSION_APP_LIMITS.urlMax} placeholder="https://" />
      </Form.Item>
      <Form.Item name="icon_url" label={t('apps.icon')} rules={[webUrl(t('apps.iconInvalid'), true)]}>
        <Input inputMode="url" maxLength={EXTENSION_APP_LIMITS.urlMax} placeholder="https://" />
      </Form.Item>
      <Form.Item name="visible_to_students" label={t('apps.visible')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormModal>
  );
}
