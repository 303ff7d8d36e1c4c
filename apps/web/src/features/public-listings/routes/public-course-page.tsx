import { Card, Collapse, Descriptions, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageState } from '../../../shared/components/page-state.tsx';
import { JoinCourseButton } from '../../course-services/public/join-course-button.tsx';
import { PublicExtensionApps } from '../../course-services/public/public-extension-apps.tsx';
import { usePublicCatalog, usePublicCourse } from '../api/get-public-course.ts';
import { PortalHeader } from '../components/portal-header.tsx';
import { PromotionVideoPlayer } from '../components/promotion-video-player.tsx';
import { PublicReviews } from '../components/public-reviews.tsx';

/**
 * A public course as a visitor sees it before joining: its details, outline and catalogue. Joining needs
 * an account: the call to action signs a visitor in and brings them back here to join.
 */
export function PublicCoursePage() {
  const { t } = useTranslation('public-listings');
  const id = Number(useParams().id);
  const course = usePublicCourse(id);
  const catalog = usePublicCatalog(id);
  return (
    <div style={{ minHeight: '100vh', background: '#f5f5f5' }}>
      <PortalHeader />
      <main id="main" style={{ maxWidth: 960, margin: '0 auto', padding: 16 }}>
        <PageState query={course}>
          {(data) => (
            <>
              <Typography.Title level={1} style={{ fontSize: 24 }}>
                {data.display_name}
              </Typography.Title>
              <Descriptions
                size="small"
                column={{ xs: 1, sm: 2 }}
                items={[
                  {
                    key: 'instructors',
                    label: t('course.instructors'),
                    children: data.instructors.map((i) => i.name).join(t('card.separator')) || '—',
                  },
                  { key: 'code', label: t('course.code'), children: data.course_code ?? '—' },
                  { key: 'credit', label: t('course.credit'), children: data.credit ?? '—' },
                  {
                    key: 'dates',
                    label: t('course.dates'),
                    children: `${data.start_date ?? '—'} ~ ${data.end_date ?? '—'}`,
                  },
                ]}
              />
              <JoinCourseButton courseId={data.id} />
              <PromotionVideoPlayer courseId={data.id} courseName={data.display_name} />
              <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('course.outline')}</h2>} size="small">
                {data.modules.length === 0 ? (
                  <Typography.Text type="secondary">{t('course.noOutline')}</Typography.Text>
                ) : (
                  <Collapse
                    defaultActiveKey={data.modules.map((m) => m.id)}
                    items={data.modules.map((m) => ({
                      key: m.id,
                      label: m.name,
                      children: (
                        <List
                          size="small"
                          dataSource={[
                            ...m.syllabuses.map((s) => ({ key: `s${s.id}`, text: s.summary })),
                            ...(catalog.data?.activities ?? [])
                              .filter((a) => a.module_id === m.id)
                              .map((a) => ({ key: `a${a.id}`, text: a.title })),
                          ]}
                          renderItem={(item) => <List.Item key={item.key}>{item.text}</List.Item>}
                          // antd draws the empty text in colorTextDisabled (1.8:1); secondary text passes AA.
                          locale={{
                            emptyText: (
                              <Typography.Text type="secondary">{t('course.emptyModule')}</Typography.Text>
                            ),
                          }}
                        />
                      ),
                    }))}
                  />
                )}
              </Card>
              <PublicExtensionApps courseId={data.id} />
              <PublicReviews courseId={data.id} />
            </>
          )}
        </PageState>
      </main>
    </div>
  );
}
