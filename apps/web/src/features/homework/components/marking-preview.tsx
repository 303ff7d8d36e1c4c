import { EditOutlined } from '@ant-design/icons';
import type { UploadReference } from '@lectern/contracts/uploads/upload.schemas';
import { Button, Empty, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ReferenceViewer, viewKindOf } from '../../uploads/public/reference-viewer.tsx';
import { annotationEditorUrl, isAnnotatable } from './marking-editor-link.ts';

export interface MarkingPreviewProps {
  homeworkId: number;
  submissionId: number | null;
  reference: UploadReference | null;
  /** The marker may annotate (open the editor that saves a marked copy). */
  canAnnotate: boolean;
}

function isText(reference: UploadReference): boolean {
  return (reference.mime_type ?? '').startsWith('text/');
}

/**
 * The chosen attachment in the middle of the marking dialog: PDFs and Office files (rendered by the
 * server) in the PDF reader, pictures, video and audio in place, plain text in a sandboxed frame.
 */
export function MarkingPreview({ homeworkId, submissionId, reference, canAnnotate }: MarkingPreviewProps) {
  const { t } = useTranslation('homework');
  if (!reference) {
    return (
      <Flex justify="center" align="center" style={{ height: '100%' }}>
        <Empty description={t('marking.preview.choose')} />
      </Flex>
    );
  }
  const text = viewKindOf(reference) === 'none' && isText(reference) && reference.preview_url;
  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Title level={5} style={{ margin: 0, minWidth: 0 }} ellipsis={{ tooltip: reference.name }}>
          {reference.name}
        </Typography.Title>
        {canAnnotate && submissionId !== null && isAnnotatable(reference) ? (
          <Button
            icon={<EditOutlined aria-hidden />}
            href={annotationEditorUrl(
              { ...reference, image: reference.type === 'image' },
              { homeworkId, submissionId },
            )}
            target="_blank"
            rel="noopener"
            aria-label={t('marking.preview.openEditorNamed', { name: reference.name })}
          >
            {t('marking.preview.openEditor')}
          </Button>
        ) : null}
      </Flex>
      {text ? (
        <iframe
          key={reference.id}
          src={reference.preview_url ?? undefined}
          title={t('marking.preview.textTitle', { name: reference.name })}
          sandbox=""
          style={{ width: '100%', height: '70vh', border: 'none', background: '#fff' }}
        />
      ) : (
        <ReferenceViewer key={reference.id} reference={reference} />
      )}
    </Flex>
  );
}
