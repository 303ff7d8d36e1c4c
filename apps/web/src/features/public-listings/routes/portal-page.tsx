import type { PublicCourseListQuery } from '@lectern/contracts/public-listings/public-listings.schemas';
import { Col, Flex, Input, Pagination, Row, Segmented, Select, Statistic, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageState } from '../../../shared/components/page-state.tsx';
import { useClassifications } from '../api/get-classifications.ts';
import { useCurriculums } from '../api/get-curriculums.ts';
import { usePublicCourseStats } from '../api/get-public-course-stats.ts';
import { usePublicCourses } from '../api/get-public-courses.ts';
import { CurriculumCardView, PublicCourseCardView } from '../components/public-course-card.tsx';
import { PortalHeader } from '../components/portal-header.tsx';

const PAGE_SIZE = 12;
type Started = 'all' | 'started' | 'notStarted';

function CourseGrid({ query }: { query: PublicCourseListQuery }) {
  const { t } = useTranslation('public-listings');
  const courses = usePublicCourses(query);
  return (
    <PageState
      query={courses}
      isEmpty={(d) => d.courses.length === 0}
      emptyDescription={t('portal.noCourses')}
    >
      {(data) => (
        <Row gutter={[16, 16]} role="list" aria-label={t('portal.coursesTab')}>
          {data.courses.map((course) => (
            <Col key={course.id} xs={24} sm={12} md={8} lg={6} role="listitem">
              <PublicCourseCardView course={course} />
            </Col>
          ))}
        </Row>
      )}
    </PageState>
  );
}

/**
 * The public portal (spec 001 "Public listings"): anyone, signed in or not, browses public courses and
 * curriculums by keyword, classification and whether they have started.
 */
export function PortalPage() {
  const { t } = useTranslation('public-listings');
  const [tab, setTab] = useState<'courses' | 'curriculums'>('courses');
  const [keyword, setKeyword] = useState('');
  const [classificationId, setClassificationId] = useState<number | undefined>();
  const [started, setStarted] = useState<Started>('all');
  const [page, setPage] = useState(1);
  const kind = tab === 'courses' ? 'course' : 'curriculum';
  const classifications = useClassifications(kind);
  const stats = usePublicCourseStats();
  const courseQuery: PublicCourseListQuery = {
    page,
    page_size: PAGE_SIZE,
    ...(keyword ? { keyword } : {}),
    ...(classificationId ? { classification_id: classificationId } : {}),
    ...(started === 'all' ? {} : { is_started: started === 'started' }),
  };
  const curriculumQuery = {
    page,
    page_size: PAGE_SIZE,
    ...(keyword ? { keyword } : {}),
    ...(classificationId ? { classification_id: classificationId } : {}),
  };
  const courses = usePublicCourses(courseQuery);
  const curriculums = useCurriculums(curriculumQuery);
  const total = tab === 'courses' ? (courses.data?.total ?? 0) : (curriculums.data?.total ?? 0);

  function reset<T>(set: (v: T) => void) {
    return (value: T) => {
      set(value);
      setPage(1);
    };
  }

  return (
    <div style={{ minHeight: '100vh', background: '#f5f5f5' }}>
      <PortalHeader />
      <main id="main" style={{ maxWidth: 1200, margin: '0 auto', padding: 16 }}>
        <Flex justify="space-between" align="end" wrap gap={16} style={{ marginBottom: 16 }}>
          <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
            {t('portal.title')}
          </Typography.Title>
          {stats.data ? (
            <Flex gap={24}>
              <Statistic title={t('portal.courseCount')} value={stats.data.course_count} />
              <Statistic title={t('portal.studentCount')} value={stats.data.student_count} />
            </Flex>
          ) : null}
        </Flex>
        <Flex gap={8} wrap style={{ marginBottom: 16 }}>
          <Input.Search
            aria-label={t('portal.search')}
            placeholder={t('portal.search')}
            allowClear
            maxLength={100}
            onSearch={reset(setKeyword)}
            style={{ maxWidth: 320 }}
          />
          <Select
            aria-label={t('portal.classification')}
            placeholder={t('portal.allClassifications')}
            allowClear
            value={classificationId}
            onChange={reset(setClassificationId)}
            options={(classifications.data?.classifications ?? []).map((c) => ({
              value: c.id,
              label: c.name,
            }))}
            style={{ minWidth: 180 }}
          />
          {tab === 'courses' ? (
            <Segmented<Started>
              aria-label={t('portal.startedFilter')}
              value={started}
              onChange={reset(setStarted)}
              options={[
                { value: 'all', label: t('portal.all') },
                { value: 'started', label: t('card.started') },
                { value: 'notStarted', label: t('card.notStarted') },
              ]}
            />
          ) : null}
        </Flex>
        <Tabs
          activeKey={tab}
          onChange={(key) => {
            setTab(key as 'courses' | 'curriculums');
            setClassificationId(undefined);
            setPage(1);
          }}
          items={[
            { key: 'courses', label: t('portal.coursesTab'), children: <CourseGrid query={courseQuery} /> },
            {
              key: 'curriculums',
              label: t('portal.curriculumsTab'),
              children: (
                <PageState
                  query={curriculums}
                  isEmpty={(d) => d.curriculums.length === 0}
                  emptyDescription={t('portal.noCurriculums')}
                >
                  {(data) => (
                    <Row gutter={[16, 16]} role="list" aria-label={t('portal.curriculumsTab')}>
                      {data.curriculums.map((c) => (
                        <Col key={c.id} xs={24} sm={12} md={8} lg={6} role="listitem">
                          <CurriculumCardView curriculum={c} />
                        </Col>
                      ))}
                    </Row>
                  )}
                </PageState>
              ),
            },
          ]}
        />
        {total > PAGE_SIZE ? (
          <Flex justify="center" style={{ marginTop: 16 }}>
            <Pagination
              current={page}
              pageSize={PAGE_SIZE}
              total={total}
              onChange={setPage}
              showSizeChanger={false}
            />
          </Flex>
        ) : null}
      </main>
    </div>
  );
}
