import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCourseVideo } from '../api/get-course-video.ts';

/**
 * A public course's promotion video on its page, in the browser's own player (no player library: the
 * portal page stays light). Nothing is drawn while it loads, when it fails, or when the course has none.
 */
export function PromotionVideoPlayer({ courseId, courseName }: { courseId: number; courseName: string }) {
  const { t } = useTranslation('public-listings');
  const video = useCourseVideo(courseId, 'visitor').data?.video;
  if (!video) return null;
  const titleId = `promotion-video-title-${courseId}`;
  return (
    <Card
      title={
        <h2 id={titleId} style={{ fontSize: 16, margin: 0 }}>
          {t('video.title')}
        </h2>
      }
      size="small"
    >
      <video
        controls
        preload="metadata"
        playsInline
        src={video.url}
        poster={video.cover_url ?? undefined}
        aria-label={t('video.publicLabel', { course: courseName })}
        style={{ display: 'block', width: '100%', maxHeight: 540, background: '#000', borderRadius: 4 }}
      >
        <a href={video.url}>{t('video.download', { name: video.name })}</a>
      </video>
    </Card>
  );
}
