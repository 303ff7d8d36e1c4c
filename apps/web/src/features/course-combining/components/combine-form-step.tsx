import { UploadOutlined } from '@ant-design/icons';
import {
  COMBINE_LIMITS,
  COURSE_COVER_PRESETS,
  COVER_EXTENSIONS,
  COVER_SOURCE,
  isCoverFileName,
  type CourseCoverPreset,
  type CoverSource,
} from '@lectern/contracts/course-combining/course-combining.rules';
import type { CombinableCourse } from '@lectern/contracts/course-combining/course-combining.schemas';
import { App, Button, Form, Input, Radio, Select, Space, Typography, Upload, type FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadFile } from '../../uploads/public/upload-file.ts';

export interface CombineFormValues {
  title: string;
  coverSource: CoverSource;
  courseCoverKey?: CourseCoverPreset;
  courseCoverId?: number;
}

/** Colours the preset covers are drawn in (the cover key is what is stored). */
export const PRESET_COLOURS: Record<CourseCoverPreset, string> = {
  blue: '#1677ff',
  green: '#389e0d',
  orange: '#d46b08',
  purple: '#531dab',
  teal: '#08979c',
  red: '#cf1322',
};

export interface CombineFormStepProps {
  form: FormInstance<CombineFormValues>;
  courses: readonly CombinableCourse[];
  initialValues: CombineFormValues;
}

/** Step 2 (combine = 1): the combined course's name and its cover, preset or uploaded. */
export function CombineFormStep({ form, courses, initialValues }: CombineFormStepProps) {
  const { t } = useTranslation('course-combining');
  const { message } = App.useApp();
  const source = Form.useWatch('coverSource', form) as CoverSource | undefined;
  const [uploading, setUploading] = useState(false);
  const [uploadedName, setUploadedName] = useState<string | null>(null);

  const beforeUpload = (file: File) => {
    if (!isCoverFileName(file.name)) {
      void message.error(t('wizard.uploadTypeInvalid'));
      return Upload.LIST_IGNORE;
    }
    setUploading(true);
    uploadFile(file)
      .then((upload) => {
        form.setFieldValue('courseCoverId', upload.id);
        setUploadedName(upload.name);
        void form.validateFields(['courseCoverId']);
      })
      .catch(() => void message.error(t('wizard.uploadTypeInvalid')))
      .finally(() => setUploading(false));
    return false;
  };

  return (
    <Form<CombineFormValues>
      form={form}
      layout="vertical"
      style={{ maxWidth: 560 }}
      initialValues={initialValues}
    >
      <Form.Item label={t('wizard.nameFrom')}>
        <Select<number>
          aria-label={t('wizard.nameFrom')}
          placeholder={t('wizard.nameFrom')}
          options={courses.map((c) => ({ value: c.id, label: c.display_name }))}
          onChange={(id) => {
            const chosen = courses.find((c) => c.id === id);
            if (chosen) form.setFieldValue('title', chosen.display_name);
          }}
        />
      </Form.Item>
      <Form.Item
        name="title"
        label={t('wizard.name')}
        rules={[
          { required: true, whitespace: true, message: t('wizard.nameRequired') },
          { max: COMBINE_LIMITS.titleMax },
        ]}
      >
        <Input maxLength={COMBINE_LIMITS.titleMax} />
      </Form.Item>
      <Form.Item name="coverSource" label={t('wizard.coverSource')}>
        <Radio.Group
          optionType="button"
          options={[
            { value: COVER_SOURCE.preset, label: t('wizard.coverPreset') },
            { value: COVER_SOURCE.upload, label: t('wizard.coverUpload') },
          ]}
        />
      </Form.Item>
      {source === COVER_SOURCE.upload ? (
        <Form.Item label={t('wizard.coverUpload')} extra={t('wizard.uploadHint')} required>
          {/* The id is the form's value; the errors of this hidden item show under the upload button. */}
          <Form.Item
            name="courseCoverId"
            noStyle
            rules={[{ required: true, message: t('wizard.uploadRequired') }]}
          >
            <Input type="hidden" />
          </Form.Item>
          <Space orientation="vertical">
            <Upload
              accept={COVER_EXTENSIONS.map((e) => `.${e}`).join(',')}
              maxCount={1}
              showUploadList={false}
              beforeUpload={beforeUpload}
            >
              <Button icon={<UploadOutlined aria-hidden />} loading={uploading}>
                {t('wizard.upload')}
              </Button>
            </Upload>
            {uploadedName ? (
              <Typography.Text type="secondary">
                {t('wizard.uploaded', { name: uploadedName })}
              </Typography.Text>
            ) : null}
          </Space>
        </Form.Item>
      ) : (
        <Form.Item name="courseCoverKey" label={t('wizard.coverPreset')}>
          <Radio.Group>
            <Space wrap>
              {COURSE_COVER_PRESETS.map((key) => (
                <Radio key={key} value={key}>
                  <Space size="small">
                    <span
                      aria-hidden
                      style={{
                        display: 'inline-block',
                        width: 40,
                        height: 24,
                        borderRadius: 4,
                        background: PRESET_COLOURS[key],
                      }}
                    />
                    {t(`wizard.presets.${key}`)}
                  </Space>
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        </Form.Item>
      )}
    </Form>
  );
}
