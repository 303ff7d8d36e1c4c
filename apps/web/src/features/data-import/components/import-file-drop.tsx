import { InboxOutlined } from '@ant-design/icons';
import { IMPORT_LIMITS } from '@lectern/contracts/data-import/data-import.schemas';
import { formatBytes } from '@lectern/contracts/uploads/upload-rules';
import { Alert, Progress, Typography, Upload } from 'antd';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { acceptAttribute, type ImportMode } from './import-file-rules.ts';

export interface ImportFileDropProps {
  mode: ImportMode;
  onFile: (file: File) => void;
  disabled: boolean;
  /** The drop zone's element, through which "re-import" opens the file chooser again. */
  zoneRef: Ref<HTMLDivElement>;
  fileName: string | null;
  /** The simulated progress of uploading and parsing, or null when nothing runs. */
  percent: number | null;
  /** What converting the file could not keep. */
  warnings: readonly string[];
}

/** One file at a time, dropped or chosen, with the progress of reading it and what could not be kept. */
export function ImportFileDrop({
  mode,
  onFile,
  disabled,
  zoneRef,
  fileName,
  percent,
  warnings,
}: ImportFileDropProps) {
  const { t } = useTranslation('data-import');
  return (
    <>
      <div ref={zoneRef}>
        <Upload.Dragger
          accept={acceptAttribute(mode)}
          multiple={false}
          maxCount={1}
          showUploadList={false}
          disabled={disabled}
          beforeUpload={(file) => {
            onFile(file);
            // The page sends the file itself (upload, then convert); antd must not.
            return Upload.LIST_IGNORE;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined aria-hidden />
          </p>
          <p className="ant-upload-text">{t('upload.drop')}</p>
          <p className="ant-upload-hint">
            {t(mode === 'word' ? 'upload.hintWord' : 'upload.hintMoodle', {
              size: formatBytes(IMPORT_LIMITS.fileMaxBytes),
            })}
          </p>
        </Upload.Dragger>
      </div>
      {fileName && <Typography.Text>{t('upload.chosen', { name: fileName })}</Typography.Text>}
      {percent !== null && (
        <div>
          <Typography.Text type="secondary">
            {percent < 100 ? t('upload.parsing') : t('upload.done')}
          </Typography.Text>
          <Progress
            percent={percent}
            status={percent < 100 ? 'active' : 'success'}
            aria-label={t('upload.progress')}
          />
        </div>
      )}
      {warnings.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={t('upload.warningsTitle')}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {warnings.map((warning, index) => (
                <li key={index}>{warning}</li>
              ))}
            </ul>
          }
        />
      )}
    </>
  );
}
