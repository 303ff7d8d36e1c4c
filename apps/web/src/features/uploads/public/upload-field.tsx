import { InboxOutlined } from '@ant-design/icons';
import type { UploadParentType } from '@lectern/contracts/uploads/upload.schemas';
import { formatBytes } from '@lectern/contracts/uploads/upload-rules';
import { App, Typography, Upload, type UploadFile, type UploadProps } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/http-client.ts';
import { useCreateUpload } from '../api/create-upload.ts';
import { useDeleteUpload } from '../api/delete-upload.ts';

/** One finished file as a form holds it: enough to show it and to attach it by id. */
export interface UploadedFile {
  upload_id: number;
  name: string;
  size: number;
}

interface PendingFile {
  uid: string;
  name: string;
  size: number;
  percent: number;
  status: 'uploading' | 'error';
  error?: string;
}

export interface UploadFieldProps {
  /** Finished files, in order. antd Form.Item passes value/onChange/id. */
  value?: UploadedFile[];
  onChange?: (value: UploadedFile[]) => void;
  id?: string;
  /** The file chooser's filter, e.g. `video/*` or `.pdf,.docx`. The server still decides by the bytes. */
  accept?: string;
  /** How many files the field holds at most; unlimited when omitted. */
  maxCount?: number;
  /** What the files will belong to, when that exists already. */
  parentType?: UploadParentType;
  parentId?: number;
  disabled?: boolean;
}

const doneUid = (uploadId: number) => `upload-${uploadId}`;

/**
 * A drop zone that uploads each file as soon as it is chosen, showing progress and the server's reason
 * when a file is refused (too large, a type that is not allowed). The form value holds only finished files.
 * Removing a file uploaded here also deletes it; removing a file that was already attached only detaches it.
 */
export function UploadField({
  value,
  onChange,
  id,
  accept,
  maxCount,
  parentType,
  parentId,
  disabled,
}: UploadFieldProps) {
  const { t } = useTranslation('uploads');
  const { message } = App.useApp();
  const createUpload = useCreateUpload();
  const deleteUpload = useDeleteUpload();
  const [pending, setPending] = useState<PendingFile[]>([]);
  // Uploads finish one by one, possibly before the form re-renders: each must add to the newest list.
  const latest = useRef<UploadedFile[]>(value ?? []);
  const uploadedHere = useRef(new Set<number>());
  const controllers = useRef(new Map<string, AbortController>());

  useEffect(() => {
    latest.current = value ?? [];
  }, [value]);

  useEffect(() => {
    const inFlight = controllers.current;
    return () => {
      for (const controller of inFlight.values()) controller.abort();
      inFlight.clear();
    };
  }, []);

  const files = value ?? [];
  const uploadingCount = pending.filter((p) => p.status === 'uploading').length;

  const emit = (next: UploadedFile[]) => {
    latest.current = next;
    onChange?.(next);
  };

  const updatePending = (uid: string, change: Partial<PendingFile>) =>
    setPending((list) => list.map((item) => (item.uid === uid ? { ...item, ...change } : item)));

  const beforeUpload: UploadProps['beforeUpload'] = (file, batch) => {
    if (maxCount === undefined) return true;
    const room = maxCount - latest.current.length - uploadingCount;
    const position = batch.indexOf(file);
    if (position < room) return true;
    if (position === Math.max(room, 0)) void message.warning(t('field.maxCountReached', { count: maxCount }));
    return Upload.LIST_IGNORE;
  };

  const customRequest: UploadProps['customRequest'] = ({ file }) => {
    if (typeof file === 'string') return;
    const uid = 'uid' in file && typeof file.uid === 'string' ? file.uid : crypto.randomUUID();
    const name = 'name' in file && typeof file.name === 'string' ? file.name : t('field.unnamed');
    const controller = new AbortController();
    controllers.current.set(uid, controller);
    setPending((list) => [...list, { uid, name, size: file.size, percent: 0, status: 'uploading' }]);

    createUpload
      .mutateAsync({
        file,
        parentType,
        parentId,
        signal: controller.signal,
        onProgress: (percent) => updatePending(uid, { percent }),
      })
      .then((upload) => {
        if (controller.signal.aborted) {
          // Removed while the server's answer was on its way: the file exists but belongs to nothing.
          deleteUpload.mutate(upload.id, { onError: (error) => void message.error(error.message) });
          return;
        }
        uploadedHere.current.add(upload.id);
        setPending((list) => list.filter((item) => item.uid !== uid));
        emit([...latest.current, { upload_id: upload.id, name: upload.name, size: upload.size }]);
      })
      .catch((error: unknown) => {
        // A cancelled upload was removed from the list by whoever cancelled it.
        if (error instanceof DOMException && error.name === 'AbortError') return;
        updatePending(uid, {
          status: 'error',
          error: isApiError(error) ? error.message : t('field.failed'),
        });
      })
      .finally(() => controllers.current.delete(uid));

    return { abort: () => controller.abort() };
  };

  const onRemove = (file: UploadFile) => {
    const controller = controllers.current.get(file.uid);
    if (controller) controller.abort();
    if (pending.some((item) => item.uid === file.uid)) {
      setPending((list) => list.filter((item) => item.uid !== file.uid));
      return false;
    }
    const removed = latest.current.find((item) => doneUid(item.upload_id) === file.uid);
    if (!removed) return false;
    emit(latest.current.filter((item) => item !== removed));
    if (uploadedHere.current.has(removed.upload_id)) {
      uploadedHere.current.delete(removed.upload_id);
      // The file was never saved anywhere; keeping it would only leave an orphan behind.
      deleteUpload.mutate(removed.upload_id, { onError: (error) => void message.error(error.message) });
    }
    return false;
  };

  const fileList: UploadFile[] = [
    ...files.map((item): UploadFile => ({
      uid: doneUid(item.upload_id),
      name: item.name,
      size: item.size,
      status: 'done',
    })),
    ...pending.map((item): UploadFile => ({
      uid: item.uid,
      name: item.name,
      size: item.size,
      status: item.status,
      percent: item.percent,
      response: item.error,
      error: item.error === undefined ? undefined : { statusText: item.error },
    })),
  ];

  const errorOf = (uid: string) => pending.find((item) => item.uid === uid)?.error;

  return (
    <Upload.Dragger
      id={id}
      accept={accept}
      multiple={maxCount !== 1}
      disabled={disabled}
      fileList={fileList}
      beforeUpload={beforeUpload}
      customRequest={customRequest}
      onRemove={onRemove}
      locale={{
        uploading: t('field.uploading'),
        removeFile: t('field.remove'),
        uploadError: t('field.failed'),
      }}
      showUploadList={{
        showPreviewIcon: false,
        showDownloadIcon: false,
        extra: (file) => {
          const error = errorOf(file.uid);
          if (error) {
            return (
              <Typography.Text type="danger" role="alert" style={{ display: 'block' }}>
                {error}
              </Typography.Text>
            );
          }
          return file.size === undefined ? null : (
            <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
              {formatBytes(file.size)}
            </Typography.Text>
          );
        },
      }}
    >
      <p className="ant-upload-drag-icon">
        <InboxOutlined aria-hidden />
      </p>
      <p className="ant-upload-text">{t('field.drop')}</p>
      {maxCount === undefined ? null : (
        <p className="ant-upload-hint">{t('field.maxCountHint', { count: maxCount })}</p>
      )}
    </Upload.Dragger>
  );
}
