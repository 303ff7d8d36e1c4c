import { KB_VIDEO_TYPES, type AiConfig } from '@lectern/contracts/ai/ai.schemas';
import { App, Button, Form, InputNumber, Radio, Select, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageState } from '../../../shared/components/page-state.tsx';
import { applyServerFormErrors } from '../../../shared/components/server-form-errors.ts';
import { useAiConfig } from '../api/get-ai-config.ts';
import { useUpdateAiConfig } from '../api/update-ai-config.ts';

/** The organisation's AI settings; an empty limit falls back to the server's default. */
export function AiConfigForm() {
  const config = useAiConfig();
  return <PageState query={config}>{(data) => <ConfigForm config={data} />}</PageState>;
}

function ConfigForm({ config }: { config: AiConfig }) {
  const { t } = useTranslation('ai');
  const { message } = App.useApp();
  const [form] = Form.useForm<AiConfig>();
  const update = useUpdateAiConfig();
  const [saving, setSaving] = useState(false);
  const limit = (name: keyof AiConfig, min: number, max: number) => (
    <Form.Item name={name} label={t(`config.${camel(name)}`)} htmlFor={`ai-config-${name}`}>
      <InputNumber
        id={`ai-config-${name}`}
        min={min}
        max={max}
        precision={0}
        placeholder={t('config.defaultPlaceholder')}
        style={{ width: 240 }}
      />
    </Form.Item>
  );
  return (
    <Form<AiConfig>
      form={form}
      layout="vertical"
      initialValues={config}
      disabled={saving}
      style={{ maxWidth: 640 }}
      onFinish={async (values) => {
        setSaving(true);
        try {
          await update.mutateAsync({
            ...values,
            max_upload_file_size: values.max_upload_file_size ?? null,
            max_text_length: values.max_text_length ?? null,
            max_number_of_quizzes: values.max_number_of_quizzes ?? null,
          });
          void message.success(t('config.saved'));
        } catch (error) {
          applyServerFormErrors(form, error, message);
        } finally {
          setSaving(false);
        }
      }}
    >
      <Form.Item name="credit_mode" label={t('config.creditMode')}>
        <Radio.Group
          options={(['allocation', 'credit_pool'] as const).map((mode) => ({
            value: mode,
            label: t(`config.modes.${mode}`),
          }))}
          style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
        />
      </Form.Item>
      <Form.Item name="course_guides_enable" label={t('config.courseGuidesEnable')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item
        name="allowed_kb_video_type"
        label={t('config.allowedKbVideoType')}
        htmlFor="ai-config-video"
      >
        <Select
          id="ai-config-video"
          mode="multiple"
          options={KB_VIDEO_TYPES.map((v) => ({ value: v, label: v }))}
        />
      </Form.Item>
      {limit('max_upload_file_size', 1, 102_400)}
      {limit('max_text_length', 500, 1_000_000)}
      {limit('max_number_of_quizzes', 1, 200)}
      <Button type="primary" htmlType="submit" loading={saving}>
        {t('config.save')}
      </Button>
    </Form>
  );
}

function camel(name: string): string {
  return name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
}
