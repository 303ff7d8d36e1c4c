import { PROMOTION_VIDEO_ACCEPT } from '@lectern/contracts/public-listings/course-video.schemas';
import { formatBytes } from '@lectern/contracts/uploads/upload-rules';
import { App, Button, Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/http-client.ts';
import { ErrorState, LoadingState } from '../../../shared/components/page-state.tsx';
import { UploadField, type UploadedFile } from '../../uploads/public/upload-field.tsx';
import { useCourseVideo } from '../api/get-course-video.ts';
import { useSaveCourseVideo } from '../api/save-course-video.ts';

/**
 * The teaching team's choice of the course's promotion video: an MP4 or WebM file they upload here, played
 * on the course's public page. A chosen file is saved at once; the server's reason shows when it refuses one.
 */
export function PromotionVideoPicker({ courseId }: { courseId: number }) {
  const { t } = useTranslation('public-listings');
  const { message } = App.useApp();
  const current = useCourseVideo(courseId, 'member');
  const save = useSaveCourseVideo(courseId);
  const [picked, setPicked] = useState<UploadedFile[]>([]);
  const [error, setError] = useState<string | null>(null);

  const submit = (uploadId: number | null) => {
    setError(null);
    save.mutate(
      { type: 'promotion_video', upload_id: uploadId, duration: null },
      {
        onSuccess: () => {
          setPicked([]);
          void message.success(t(uploadId === null ? 'video.removed' : 'video.saved'));
        },
        onError: (failure) => {
          setPicked([]);
          setError(
            isApiError(failure) ? (failure.errors.upload_id?.[0] ?? failure.message) : t('video.failed'),
          );
        },
      },
    );
  };

  const choose = (files: UploadedFile[]) => {
    setPicked(files);
    const file = files[0];
    if (file) submit(file.upload_id);
  };

  const video = current.data?.video ?? null;
  return (
    <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('video.title')}</h2>} size="small">
      {current.isPending ? (
        <LoadingState />
      ) : current.isError ? (
        <ErrorState
          error={current.error}
          onRetry={() => void current.refetch()}
          retrying={current.isRefetching}
        />
      ) : (
        <Flex vertical gap={12} style={{ maxWidth: 560 }}>
          <Typography.Text type="secondary">{t('video.hint')}</Typography.Text>
          {video ? (
            <Flex vertical gap={8}>
              <video
                controls
                preload="metadata"
                src={video.url}
                poster={video.cover_url ?? undefined}
                aria-label={t('video.playerLabel')}
                style={{ width: '100%', background: '#000', borderRadius: 4 }}
              />
              <Flex gap={8} align="center" wrap>
                <Typography.Text>
                  {video.name} · {formatBytes(video.size)}
                </Typography.Text>
                <Button danger size="small" loading={save.isPending} onClick={() => submit(null)}>
                  {t('video.remove')}
                </Button>
              </Flex>
            </Flex>
          ) : (
            <Typography.Text>{t('video.none')}</Typography.Text>
          )}
          <div>
            <Typography.Text strong id={`promotion-video-${courseId}`}>
              {video ? t('video.replace') : t('video.choose')}
            </Typography.Text>
            <div aria-labelledby={`promotion-video-${courseId}`} role="group">
              <UploadField
                accept={PROMOTION_VIDEO_ACCEPT}
                maxCount={1}
                value={picked}
                onChange={choose}
                disabled={save.isPending}
              />
            </div>
            {error ? (
              <Typography.Text type="danger" role="alert" style={{ display: 'block' }}>
                {error}
              </Typography.Text>
            ) : null}
          </div>
        </Flex>
      )}
    </Card>
  );
}
