import type { LiveRecordSettings } from '@lectern/contracts/identity/org-admin.schemas';
import { App, Button, Card, Form, InputNumber, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUpdateLiveRecordSettings } from '../api/update-live-record-settings.ts';

/**
 * The organisation's live-record settings (`/api/orgs/{id}/live-record-settings`): whether recordings may
 * be downloaded, how long they are kept, and whether cloud recordings on activities may be deleted.
 */
export function LiveRecordSettingsForm({ orgId, settings }: { orgId: number; settings: LiveRecordSettings }) {
  const { t } = useTranslation('identity');
  const { message } = App.useApp();
  const update = useUpdateLiveRecordSettings();

  const onFinish = async (values: LiveRecordSettings) => {
    try {
      await update.mutateAsync({ orgId, body: values });
      void message.success(t('liveRecord.saved'));
    } catch (error) {
      void message.error((error as Error).message);
    }
  };

  return (
    <Card title={t('liveRecord.title')}>
      <Form<LiveRecordSettings>
        layout="horizontal"
        labelCol={{ flex: '280px' }}
        labelWrap
        initialValues={settings}
        onFinish={onFinish}
        disabled={update.isPending}
      >
        <Form.Item
          name="allow_download_recordings"
          label={t('liveRecord.allowDownload')}
          valuePropName="checked"
          style={{ marginBottom: 12 }}
        >
          <Switch />
        </Form.Item>
        <Form.Item
          name="retention_days"
          label={t('liveRecord.retentionDays')}
          extra={t('liveRecord.retentionHint')}
          style={{ marginBottom: 12 }}
        >
          <InputNumber min={0} max={3650} precision={0} />
        </Form.Item>
        <Form.Item
          name="protect_cloud_recordings"
          label={t('liveRecord.protectCloudRecordings')}
          extra={t('liveRecord.protectCloudRecordingsHint')}
          valuePropName="checked"
          style={{ marginBottom: 12 }}
        >
          <Switch />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          {t('liveRecord.save')}
        </Button>
      </Form>
    </Card>
  );
}
