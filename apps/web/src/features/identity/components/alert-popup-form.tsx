import {
  ALERT_POPUP_LIMITS,
  type AlertPopup,
  type UpdateAlertPopupRequest,
} from '@lectern/contracts/identity/org-admin.schemas';
import { App, Button, Card, Form, Input, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RenderedHtml } from '../../../shared/components/rendered-html.tsx';
import { applyServerFormErrors } from '../../../shared/components/server-form-errors.ts';
import { useUpdateAlertPopup } from '../api/update-alert-popup.ts';

/** The notice users see once after signing in; HTML typed here is sanitised by the server. */
export function AlertPopupForm({ orgId, popup }: { orgId: number; popup: AlertPopup }) {
  const { t } = useTranslation('identity');
  const { message } = App.useApp();
  const [form] = Form.useForm<UpdateAlertPopupRequest>();
  const update = useUpdateAlertPopup();

  const onFinish = async (values: UpdateAlertPopupRequest) => {
    try {
      const saved = await update.mutateAsync({ orgId, body: values });
      // Show what was stored: the sanitised markup.
      form.setFieldValue('content', saved.content);
      void message.success(t('orgSettings.alertSaved'));
    } catch (error) {
      applyServerFormErrors(form, error, message);
    }
  };

  return (
    <Card title={t('orgSettings.alert')}>
      <Typography.Paragraph type="secondary">{t('orgSettings.alertHint')}</Typography.Paragraph>
      <Form<UpdateAlertPopupRequest>
        form={form}
        layout="vertical"
        initialValues={{ enabled: popup.enabled, title: popup.title, content: popup.content }}
        onFinish={onFinish}
        disabled={update.isPending}
      >
        <Form.Item name="enabled" label={t('orgSettings.alertEnabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="title" label={t('orgSettings.alertTitle')}>
          <Input maxLength={ALERT_POPUP_LIMITS.titleMax} />
        </Form.Item>
        <Form.Item name="content" label={t('orgSettings.alertContent')}>
          <Input.TextArea rows={6} maxLength={ALERT_POPUP_LIMITS.contentMax} />
        </Form.Item>
        {/* Only the stored markup is rendered: the server has sanitised it; the draft has not been. */}
        {popup.content ? (
          <Form.Item label={t('orgSettings.alertPreview')}>
            <RenderedHtml html={popup.content} />
          </Form.Item>
        ) : null}
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          {t('orgSettings.save')}
        </Button>
      </Form>
    </Card>
  );
}
