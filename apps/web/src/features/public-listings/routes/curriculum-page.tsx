import { Col, Row, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageState } from '../../../shared/components/page-state.tsx';
import { useCurriculum } from '../api/get-curriculum.ts';
import { PortalHeader } from '../components/portal-header.tsx';
import { PublicCourseCardView } from '../components/public-course-card.tsx';

/** `/curriculum/{id}`: a curriculum and the courses of it the visitor may read. */
export function CurriculumPage() {
  const { t } = useTranslation('public-listings');
  const id = Number(useParams().id);
  const curriculum = useCurriculum(id);
  return (
    <div style={{ minHeight: '100vh', background: '#f5f5f5' }}>
      <PortalHeader />
      <main id="main" style={{ maxWidth: 1200, margin: '0 auto', padding: 16 }}>
        <PageState query={curriculum}>
          {(data) => (
            <>
              <Typography.Title level={1} style={{ fontSize: 24 }}>
                {data.name}
              </Typography.Title>
              <Space wrap style={{ marginBottom: 16 }}>
                <Tag>{data.is_started ? t('card.started') : t('card.notStarted')}</Tag>
                <Tag>{data.paid ? t('card.paid') : t('card.free')}</Tag>
                {data.air ? <Tag>{t('card.air')}</Tag> : null}
                {data.certification_title ? (
                  <Tag>{t('card.certificate', { title: data.certification_title })}</Tag>
                ) : null}
              </Space>
              <Typography.Title level={2} style={{ fontSize: 18 }}>
                {t('curriculum.courses', { count: data.courses.length })}
              </Typography.Title>
              <Row gutter={[16, 16]} role="list">
                {data.courses.map((course) => (
                  <Col key={course.id} xs={24} sm={12} md={8} lg={6} role="listitem">
                    <PublicCourseCardView course={course} />
                  </Col>
                ))}
              </Row>
            </>
          )}
        </PageState>
      </main>
    </div>
  );
}
