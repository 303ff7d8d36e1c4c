import type {
  Estimate,
  UpdateEstimateRequest,
} from '@lectern/contracts/course-services/course-estimates.schemas';
import { App, Button, Form, Input, Rate, Space } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerFormErrors } from '../../../shared/components/server-form-errors.ts';

type Values = { score: number; content: string };

/** The student's own review: stars and text; edits their review when they have one. */
export function EstimateForm({
  mine,
  onSave,
  onCancel,
}: {
  mine: Estimate | null;
  onSave: (body: UpdateEstimateRequest) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('course-services');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const ratingId = useId();

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={mine ? { score: mine.score, content: mine.content } : { score: 0, content: '' }}
      onFinish={async (values) => {
        setSaving(true);
        try {
          await onSave(values);
          void message.success(t('reviews.saved'));
          if (!mine) form.resetFields();
        } catch (error) {
          applyServerFormErrors(form, error, message);
        } finally {
          setSaving(false);
        }
      }}
    >
      <Form.Item
        name="score"
        label={<span id={ratingId}>{t('reviews.score')}</span>}
        rules={[
          {
            validator: (_, v: number) =>
              v >= 1 ? Promise.resolve() : Promise.reject(new Error(t('reviews.scoreRequired'))),
          },
        ]}
      >
        <Rate aria-labelledby={ratingId} />
      </Form.Item>
      <Form.Item
        name="content"
        label={t('reviews.content')}
        rules={[{ required: true, whitespace: true, message: t('reviews.contentRequired') }]}
      >
        <Input.TextArea maxLength={1000} showCount autoSize={{ minRows: 3, maxRows: 8 }} />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={saving}>
          {mine ? t('reviews.update') : t('reviews.submit')}
        </Button>
        {onCancel && <Button onClick={onCancel}>{t('reviews.cancel')}</Button>}
      </Space>
    </Form>
  );
}
