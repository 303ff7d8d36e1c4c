import {
  DeleteOutlined,
  DownloadOutlined,
  EyeOutlined,
  FilePdfOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import type { CourseSharedFile } from '@lectern/contracts/course-services/shared-files.schemas';
import { formatBytes } from '@lectern/contracts/uploads/upload-rules';
import { App, Button, Flex, Pagination, theme, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/http-client.ts';
import { formatDateTime, PICKER_DATE_TIME_FORMAT } from '../../../shared/components/date-time.ts';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/components/page-state.tsx';
import { useCurrentCourse } from '../../courses/public/use-current-course.ts';
import { useSharedFiles } from '../api/list-shared-files.ts';
import { useUnshareFile } from '../api/unshare-file.ts';
import { ShareFilesModal } from '../components/share-files-modal.tsx';
import { UPLOAD_KIND_ICONS } from '../../uploads/public/upload-kind-icons.tsx';

function FileActions({ file, onRemove }: { file: CourseSharedFile; onRemove: () => void }) {
  const { t } = useTranslation('course-services');
  return (
    <Flex gap={4} wrap align="center">
      {file.preview_url ? (
        <Button
          size="small"
          icon={<EyeOutlined aria-hidden />}
          href={file.preview_url}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('sharedFiles.previewNamed', { name: file.name })}
        >
          {t('sharedFiles.preview')}
        </Button>
      ) : null}
      {file.can_download ? (
        <Button
          size="small"
          icon={<DownloadOutlined aria-hidden />}
          href={file.blob_url}
          download={file.name}
          aria-label={t('sharedFiles.downloadNamed', { name: file.name })}
        >
          {t('sharedFiles.download')}
        </Button>
      ) : (
        <Tooltip title={t('sharedFiles.downloadNotAllowedHint')}>
          <Typography.Text type="secondary" tabIndex={0}>
            {t('sharedFiles.downloadNotAllowed')}
          </Typography.Text>
        </Tooltip>
      )}
      {file.can_unshare ? (
        <Button
          size="small"
          danger
          icon={<DeleteOutlined aria-hidden />}
          onClick={onRemove}
          aria-label={t('sharedFiles.removeNamed', { name: file.name })}
        >
          {t('sharedFiles.remove')}
        </Button>
      ) : null}
    </Flex>
  );
}

function SharedFileItem({ file, onRemove }: { file: CourseSharedFile; onRemove: () => void }) {
  const { t } = useTranslation('course-services');
  const { token } = theme.useToken();
  const kind = t(`sharedFiles.kinds.${file.type}`);
  const sharedAt = formatDateTime(file.shared_at, PICKER_DATE_TIME_FORMAT);
  return (
    <li
      style={{ padding: `${token.paddingSM}px 0`, borderBottom: `1px solid ${token.colorBorderSecondary}` }}
    >
      {/* Name and details take the row; the buttons wrap below them on a phone. */}
      <Flex align="center" justify="space-between" gap={12} wrap>
        <Flex align="flex-start" gap={12} style={{ flex: '1 1 220px', minWidth: 0 }}>
          <span role="img" aria-label={kind} style={{ fontSize: 20, lineHeight: 1.2 }}>
            {file.mime_type === 'application/pdf' ? <FilePdfOutlined /> : UPLOAD_KIND_ICONS[file.type]}
          </span>
          <Flex vertical style={{ minWidth: 0 }}>
            <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
              {file.name}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
              {t('sharedFiles.details', { size: formatBytes(file.size), kind })}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
              {file.shared_by
                ? t('sharedFiles.sharedBy', { name: file.shared_by.name, time: sharedAt })
                : t('sharedFiles.sharedByFormer', { time: sharedAt })}
            </Typography.Text>
          </Flex>
        </Flex>
        <FileActions file={file} onRemove={onRemove} />
      </Flex>
    </li>
  );
}

/**
 * `/course/:courseId/shared-files`: the files instructors shared to the course (from other courses they
 * teach), for every member. Preview and download are offered as the server says the viewer may have
 * them: the course's download rule binds its students. The teaching team uploads and shares files here
 * (to this course and others it teaches); whoever shared a file, and the teaching team, take it out.
 */
export function CourseSharedFilesPage() {
  const { t } = useTranslation('course-services');
  const { message, modal } = App.useApp();
  const course = useCurrentCourse();
  const [page, setPage] = useState(1);
  const [sharing, setSharing] = useState(false);
  const files = useSharedFiles(course.id, page);
  const unshare = useUnshareFile(course.id);

  const confirmRemove = (file: CourseSharedFile) => {
    void modal.confirm({
      title: t('sharedFiles.removeConfirm', { name: file.name }),
      content: t('sharedFiles.removeConfirmContent'),
      okText: t('sharedFiles.remove'),
      okButtonProps: { danger: true },
      onOk: () =>
        unshare.mutateAsync(file.upload_id).then(
          () => {
            void message.success(t('sharedFiles.removed', { name: file.name }));
            // The last file of a later page gone: step back rather than show an empty page.
            if (page > 1 && files.data?.shared_files.length === 1) setPage(page - 1);
          },
          (error: unknown) =>
            void message.error(isApiError(error) ? error.message : t('sharedFiles.removeFailed')),
        ),
    });
  };

  if (files.isPending) return <LoadingState />;
  if (files.isError)
    return (
      <ErrorState error={files.error} onRetry={() => void files.refetch()} retrying={files.isRefetching} />
    );
  const data = files.data;

  return (
    <Flex vertical gap={16} style={{ paddingTop: 16 }}>
      <Flex justify="space-between" align="flex-start" wrap gap={8}>
        <Flex vertical gap={4} style={{ flex: '1 1 240px', minWidth: 0 }}>
          <Typography.Title level={2} style={{ fontSize: 20, margin: 0 }}>
            {t('sharedFiles.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('sharedFiles.intro')}</Typography.Text>
        </Flex>
        {data.can_share ? (
          <Button type="primary" icon={<UploadOutlined aria-hidden />} onClick={() => setSharing(true)}>
            {t('sharedFiles.share.open')}
          </Button>
        ) : null}
      </Flex>
      {data.total === 0 ? (
        <EmptyState description={data.can_share ? t('sharedFiles.emptyManage') : t('sharedFiles.empty')} />
      ) : (
        <ul aria-label={t('sharedFiles.listLabel')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {data.shared_files.map((file) => (
            <SharedFileItem key={file.upload_id} file={file} onRemove={() => confirmRemove(file)} />
          ))}
        </ul>
      )}
      {data.total > data.page_size ? (
        <Pagination
          size="small"
          current={page}
          pageSize={data.page_size}
          total={data.total}
          onChange={setPage}
          showSizeChanger={false}
        />
      ) : null}
      {data.can_share ? (
        <ShareFilesModal
          open={sharing}
          course={{ id: course.id, name: course.display_name || course.name }}
          onClose={() => setSharing(false)}
        />
      ) : null}
    </Flex>
  );
}
