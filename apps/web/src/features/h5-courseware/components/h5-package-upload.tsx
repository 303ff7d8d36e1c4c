import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUploadH5Package } from '../api/attach-h5-package.ts';
import { checkPackageFile, H5_PACKAGE_MAX_MB } from './h5-package-rules.ts';

/** The teaching team's form: one zip (HTML with index.html, or SCORM 1.2/2004), checked before it leaves. */
export function H5PackageUpload({ activityId }: { activityId: number }) {
  const { t } = useTranslation('h5-courseware');
  const upload = useUploadH5Package(activityId);
  const [problem, setProblem] = useState<string | null>(null);

  return (
    <Flex vertical gap={8}>
      <Typography.Text type="secondary" id={`h5-upload-hint-${activityId}`}>
        {t('upload.hint', { limit: H5_PACKAGE_MAX_MB })}
      </Typography.Text>
      <Upload
        accept=".zip,application/zip"
        showUploadList={false}
        maxCount={1}
        beforeUpload={(file) => {
          const verdict = checkPackageFile(file);
          if (verdict) {
            setProblem(t(`upload.${verdict}`, { limit: H5_PACKAGE_MAX_MB }));
            return Upload.LIST_IGNORE;
          }
          setProblem(null);
          upload.mutate(file);
          return false;
        }}
      >
        <Button
          icon={<UploadOutlined aria-hidden />}
          loading={upload.isPending}
          aria-describedby={`h5-upload-hint-${activityId}`}
        >
          {t('upload.button')}
        </Button>
      </Upload>
      {problem ? <Alert type="error" showIcon title={problem} /> : null}
      {upload.isError ? <Alert type="error" showIcon title={upload.error.message} /> : null}
      {upload.isSuccess ? (
        <Alert
          type="success"
          showIcon
          title={t(`upload.done.${upload.data.kind}`, { name: upload.data.name })}
        />
      ) : null}
    </Flex>
  );
}
