import { App, Flex, Typography } from 'antd';
import { useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/http-client.ts';
import { ErrorState } from '../../../shared/components/page-state.tsx';
import { UploadField, type UploadedFile } from './upload-field.tsx';

/** What the panel needs of a marker's file; each feature's own shape carries more. */
export interface MarkedFile {
  id: number;
  name: string;
}

/** Given to the feature's list: the delete button's call (absent when read only) and the file being deleted. */
export interface MarkedFileListActions<F extends MarkedFile> {
  onDelete?: (file: F) => void;
  deletingId: number | null;
}

export interface MarkedFilesPanelProps<F extends MarkedFile> {
  /** The files as the server lists them; undefined while they load. */
  files: readonly F[] | undefined;
  /** Why the files could not be read, with a retry. */
  error?: unknown;
  onRetry?: () => void;
  /** Without the right to mark: the files can be taken away, not added or removed. */
  readOnly: boolean;
  /** Attaches one finished upload to the submission (the feature refreshes its list). */
  attach: (upload: UploadedFile) => Promise<unknown>;
  /** Deletes one file after the marker confirmed; answers the server's message. */
  remove: (file: F) => Promise<{ message: string }>;
  /** The feature's list of files (what each row shows differs: exam questions, the annotation editor). */
  renderList: (files: readonly F[], actions: MarkedFileListActions<F>) => ReactNode;
}

/**
 * The marker's files on a submission (addendum section 2: the marked-attachment list beside score and
 * comment), for homework and exams alike. Each file is attached as soon as its upload finishes; the list
 * is the server's, so what shows is what the student gets once scores are released; a file is deleted
 * only after the marker confirms.
 */
export function MarkedFilesPanel<F extends MarkedFile>({
  files,
  error,
  onRetry,
  readOnly,
  attach,
  remove,
  renderList,
}: MarkedFilesPanelProps<F>) {
  const { t } = useTranslation('uploads');
  const { message, modal } = App.useApp();
  const labelId = useId();
  const [uploading, setUploading] = useState<UploadedFile[]>([]);
  const [deletingId, setDeletingId] = useState<number | null>(null);
  // The field reports its whole value each time; each finished file is attached once.
  const attaching = useRef(new Set<number>());

  const attachOne = (file: UploadedFile) => {
    attaching.current.add(file.upload_id);
    attach(file)
      .then(() => void message.success(t('markedFiles.added', { name: file.name })))
      .catch((reason: unknown) => {
        void message.error(
          isApiError(reason) ? reason.message : t('markedFiles.addFailed', { name: file.name }),
        );
      })
      // Attached (and listed, the list having been refetched) or refused: either way it leaves the field.
      .finally(() => {
        attaching.current.delete(file.upload_id);
        setUploading((list) => list.filter((f) => f.upload_id !== file.upload_id));
      });
  };

  const onChange = (next: UploadedFile[]) => {
    setUploading(next);
    for (const file of next) if (!attaching.current.has(file.upload_id)) attachOne(file);
  };

  const confirmDelete = (file: F): void => {
    modal.confirm({
      title: t('markedFiles.confirmDelete', { name: file.name }),
      content: t('markedFiles.confirmDeleteContent'),
      okText: t('markedFiles.deleteOk'),
      okButtonProps: { danger: true },
      onOk: async () => {
        setDeletingId(file.id);
        try {
          const result = await remove(file);
          void message.success(result.message);
        } catch (reason) {
          void message.error(isApiError(reason) ? reason.message : t('markedFiles.deleteFailed'));
        } finally {
          setDeletingId(null);
        }
      },
    });
  };

  return (
    <Flex vertical gap={8} role="region" aria-labelledby={labelId}>
      <Typography.Title level={5} id={labelId} style={{ margin: 0 }}>
        {t('markedFiles.title')}
      </Typography.Title>
      {error ? <ErrorState error={error} onRetry={onRetry} /> : null}
      {files && files.length === 0 ? (
        <Typography.Text type="secondary">{t('markedFiles.empty')}</Typography.Text>
      ) : null}
      {files && files.length > 0
        ? renderList(files, { onDelete: readOnly ? undefined : confirmDelete, deletingId })
        : null}
      {readOnly ? null : (
        <div role="group" aria-label={t('markedFiles.upload')}>
          <UploadField value={uploading} onChange={onChange} />
        </div>
      )}
    </Flex>
  );
}
