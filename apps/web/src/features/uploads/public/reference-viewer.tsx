import { DownloadOutlined } from '@ant-design/icons';
import { previewKindOf } from '@lectern/contracts/uploads/office-formats';
import type { UploadReference } from '@lectern/contracts/uploads/upload.schemas';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PdfViewer } from './pdf-viewer.tsx';

export type ReferenceViewerProps = {
  reference: UploadReference;
  /** For documents: the page being read. */
  onPageChange?: (page: number) => void;
  onDocumentLoad?: (info: { pageCount: number }) => void;
};

type ViewKind = 'document' | 'image' | 'video' | 'audio' | 'none';

/** How a file is shown in the page: PDFs and Office files (rendered by the server) as documents. */
export function viewKindOf(reference: UploadReference): ViewKind {
  if (!reference.preview_url) return 'none';
  if (previewKindOf(reference.mime_type, reference.name)) return 'document';
  if (reference.type === 'image' || reference.type === 'video' || reference.type === 'audio') {
    return reference.type;
  }
  return 'none';
}

function DownloadLink({ reference }: { reference: UploadReference }) {
  const { t } = useTranslation('uploads');
  if (!reference.can_download) {
    return <Typography.Text type="secondary">{t('list.downloadNotAllowedHint')}</Typography.Text>;
  }
  return (
    <Button icon={<DownloadOutlined aria-hidden />} href={reference.blob_url} download={reference.name}>
      {t('courseware.download', { name: reference.name })}
    </Button>
  );
}

/** One attached file shown in the page as best the browser can, with its download when allowed. */
export function ReferenceViewer({ reference, onPageChange, onDocumentLoad }: ReferenceViewerProps) {
  const { t } = useTranslation('uploads');
  const kind = viewKindOf(reference);
  const url = reference.preview_url ?? '';
  return (
    <Flex vertical gap={12}>
      {kind === 'document' ? (
        <PdfViewer
          key={reference.id}
          url={url}
          title={reference.name}
          onPageChange={onPageChange}
          onDocumentLoad={onDocumentLoad}
        />
      ) : null}
      {kind === 'image' ? (
        <img src={url} alt={reference.name} style={{ maxWidth: '100%', alignSelf: 'center' }} />
      ) : null}
      {kind === 'video' ? (
        <video
          key={reference.id}
          controls
          preload="metadata"
          src={url}
          aria-label={reference.name}
          style={{ width: '100%', maxHeight: '70vh' }}
        />
      ) : null}
      {kind === 'audio' ? (
        <audio key={reference.id} controls preload="metadata" src={url} aria-label={reference.name} />
      ) : null}
      {kind === 'none' ? (
        <Typography.Text type="secondary">{t('courseware.noPreview')}</Typography.Text>
      ) : null}
      <div>
        <DownloadLink reference={reference} />
      </div>
    </Flex>
  );
}
