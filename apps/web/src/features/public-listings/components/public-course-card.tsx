import type {
  CurriculumCard,
  PublicCourseCard,
} from '@lectern/contracts/public-listings/public-listings.schemas';
import { Card, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

function Flags({
  item,
}: {
  item: { paid: boolean; is_started: boolean; air: boolean; certification_title: string | null };
}) {
  const { t } = useTranslation('public-listings');
  return (
    <Space size={4} wrap>
      <Tag color={item.is_started ? 'green' : 'default'}>
        {item.is_started ? t('card.started') : t('card.notStarted')}
      </Tag>
      <Tag color={item.paid ? 'gold' : 'blue'}>{item.paid ? t('card.paid') : t('card.free')}</Tag>
      {item.air ? <Tag color="purple">{t('card.air')}</Tag> : null}
      {item.certification_title ? (
        <Tag color="cyan">{t('card.certificate', { title: item.certification_title })}</Tag>
      ) : null}
    </Space>
  );
}

function Cover({ src, alt }: { src: string | null; alt: string }) {
  if (!src) return <div aria-hidden style={{ height: 120, background: '#e6f4ff' }} />;
  return (
    <img src={src} alt={alt} loading="lazy" style={{ height: 120, width: '100%', objectFit: 'cover' }} />
  );
}

/** A public course on the portal (spec 001 section 3): cover, name, instructors, counts and flags. */
export function PublicCourseCardView({ course }: { course: PublicCourseCard }) {
  const { t } = useTranslation('public-listings');
  return (
    <Card
      cover={<Cover src={course.small_cover ?? course.cover} alt="" />}
      styles={{ body: { padding: 12 } }}
      data-testid="public-course-card"
    >
      <Typography.Title level={3} style={{ fontSize: 16, margin: 0 }} ellipsis={{ rows: 2 }}>
        <Link to={`/portal/course/${course.id}`}>{course.display_name}</Link>
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: '4px 0' }} ellipsis>
        {course.instructors.map((i) => i.name).join(t('card.separator')) || t('card.noInstructor')}
      </Typography.Paragraph>
      <Typography.Paragraph style={{ margin: '4px 0', fontSize: 13 }}>
        {t('card.counts', {
          chapters: course.chapter_count,
          activities: course.activity_count,
          students: course.student_count,
          nodes: course.knowledge_node_count,
        })}
      </Typography.Paragraph>
      <Flags item={course} />
    </Card>
  );
}

export function CurriculumCardView({ curriculum }: { curriculum: CurriculumCard }) {
  const { t } = useTranslation('public-listings');
  return (
    <Card
      cover={<Cover src={curriculum.cover} alt="" />}
      styles={{ body: { padding: 12 } }}
      data-testid="curriculum-card"
    >
      <Typography.Title level={3} style={{ fontSize: 16, margin: 0 }} ellipsis={{ rows: 2 }}>
        <Link to={`/curriculum/${curriculum.id}`}>{curriculum.name}</Link>
      </Typography.Title>
      <Typography.Paragraph style={{ margin: '4px 0', fontSize: 13 }}>
        {t('card.courseCount', { count: curriculum.course_count })}
      </Typography.Paragraph>
      <Flags item={curriculum} />
    </Card>
  );
}
