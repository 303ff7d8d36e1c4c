import type { OrgFeatures } from '@lectern/contracts/identity/org-admin.schemas';
import { App, Button, Card, Form, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUpdateOrgSettings } from '../api/update-org-settings.ts';

type SwitchField = {
  name: (string | number)[];
  label: string;
};

/** The organisation's feature switches (wire names in org-admin.schemas.ts), saved together. */
export function OrgFeaturesForm({ orgId, features }: { orgId: number; features: OrgFeatures }) {
  const { t } = useTranslation('identity');
  const { message } = App.useApp();
  const [form] = Form.useForm<OrgFeatures>();
  const update = useUpdateOrgSettings();
  const markdownOn = Form.useWatch(['markdown', 'enable'], form) ?? features.markdown.enable;

  const fields: SwitchField[] = [
    { name: ['h5_courseware_completeness'], label: t('orgSettings.h5CoursewareCompleteness') },
    { name: ['markdown', 'enable'], label: t('orgSettings.markdownEnable') },
    { name: ['markdown', 'default_active'], label: t('orgSettings.markdownDefaultActive') },
    { name: ['vocabulary'], label: t('orgSettings.vocabulary') },
    { name: ['editor_activity_refer'], label: t('orgSettings.editorActivityRefer') },
    { name: ['ai'], label: t('orgSettings.ai') },
  ];

  const onFinish = async (values: OrgFeatures) => {
    try {
      await update.mutateAsync({ orgId, body: values });
      void message.success(t('orgSettings.saved'));
    } catch (error) {
      void message.error((error as Error).message);
    }
  };

  return (
    <Card title={t('orgSettings.features')}>
      <Form<OrgFeatures>
        form={form}
        layout="horizontal"
        labelCol={{ flex: '280px' }}
        labelWrap
        initialValues={features}
        onFinish={onFinish}
        disabled={update.isPending}
      >
        {fields.map((field) => (
          <Form.Item
            key={field.name.join('.')}
            name={field.name}
            label={field.label}
            valuePropName="checked"
            style={{ marginBottom: 12 }}
          >
            <Switch disabled={field.name.join('.') === 'markdown.default_active' && !markdownOn} />
          </Form.Item>
        ))}
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          {t('orgSettings.save')}
        </Button>
      </Form>
    </Card>
  );
}
