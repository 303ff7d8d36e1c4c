import { PlusOutlined } from '@ant-design/icons';
import { COURSE_STATUSES, type Course } from '@lectern/contracts/courses/course.schemas';
import { CHIEF_INSTRUCTOR, type RoleFilter } from '@lectern/contracts/courses/course-roles';
import { Button, Col, Flex, Input, Pagination, Row, Select, Space, Tabs, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageState } from '../../../shared/components/page-state.tsx';
import { useCurrentUser } from '../../identity/public/get-current-user.ts';
import { TodoList } from '../../todos/public/todo-list.tsx';
import { CombineCoursesEntry } from '../../course-combining/public/combine-courses-entry.tsx';
import { useMyCourses, type MyCoursesParams } from '../api/list-my-courses.ts';
import { useMySemesters } from '../api/list-my-semesters.ts';
import { CourseCard } from '../components/course-card.tsx';
import { DeletedCoursesButton } from '../components/deleted-courses-button.tsx';
import { CourseFormModal } from '../components/course-form-modal.tsx';
import { semesterLabel } from '../components/course-format.ts';

type MyCoursesTab = 'learning' | 'teaching';
type CourseStatus = (typeof COURSE_STATUSES)[number];

/** Spec 001: the teaching selection is the courses the user owns or teaches. */
const TEACHING_ROLE_FILTER: RoleFilter[] = [CHIEF_INSTRUCTOR, 'instructor'];

const PAGE_SIZES = [12, 24, 48];
const DEFAULT_PAGE_SIZE = PAGE_SIZES[0] ?? 12;
const KEYWORD_DEBOUNCE_MS = 400;

function positiveInt(value: string | null, fallback: number): number {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed >= 1 ? parsed : fallback;
}

interface Filters {
  tab: MyCoursesTab;
  semesterId: number | undefined;
  status: CourseStatus | undefined;
  keyword: string;
  page: number;
  pageSize: number;
}

function readFilters(params: URLSearchParams): Filters {
  const status = params.get('status');
  const semester = params.get('semester_id');
  const pageSize = positiveInt(params.get('page_size'), DEFAULT_PAGE_SIZE);
  return {
    tab: params.get('tab') === 'teaching' ? 'teaching' : 'learning',
    semesterId: semester ? positiveInt(semester, 0) || undefined : undefined,
    status: COURSE_STATUSES.find((s) => s === status),
    keyword: params.get('keyword') ?? '',
    page: positiveInt(params.get('page'), 1),
    pageSize: PAGE_SIZES.includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
  };
}

function writeFilters(filters: Filters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.tab !== 'learning') params.set('tab', filters.tab);
  if (filters.semesterId) params.set('semester_id', String(filters.semesterId));
  if (filters.status) params.set('status', filters.status);
  if (filters.keyword) params.set('keyword', filters.keyword);
  if (filters.page > 1) params.set('page', String(filters.page));
  if (filters.pageSize !== DEFAULT_PAGE_SIZE) params.set('page_size', String(filters.pageSize));
  return params;
}

/** Filters live in the address, so reloading or sharing the page keeps what the user was looking at. */
function useCourseFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readFilters(searchParams);
  // Based on the latest address, so a delayed keyword update cannot undo a filter chosen meanwhile.
  const update = (changes: Partial<Filters>) =>
    setSearchParams((current) => writeFilters({ ...readFilters(current), page: 1, ...changes }), {
      replace: true,
    });
  return { filters, update };
}

export function MyCoursesPage() {
  const { t } = useTranslation('courses');
  const navigate = useNavigate();
  const { data: viewer } = useCurrentUser();
  const { filters, update } = useCourseFilters();
  const [keywordDraft, setKeywordDraft] = useState(filters.keyword);
  const keywordTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [creating, setCreating] = useState(false);
  const [formMounted, setFormMounted] = useState(false);
  const semesters = useMySemesters();

  useEffect(() => () => clearTimeout(keywordTimer.current), []);

  const onKeywordChange = (value: string) => {
    setKeywordDraft(value);
    clearTimeout(keywordTimer.current);
    keywordTimer.current = setTimeout(() => update({ keyword: value.trim() }), KEYWORD_DEBOUNCE_MS);
  };
  const onKeywordSearch = (value: string) => {
    clearTimeout(keywordTimer.current);
    update({ keyword: value.trim() });
  };

  const params: MyCoursesParams = {
    page: filters.page,
    page_size: filters.pageSize,
    conditions: {
      ...(filters.tab === 'teaching' ? { role: TEACHING_ROLE_FILTER } : {}),
      ...(filters.keyword ? { keyword: filters.keyword } : {}),
      ...(filters.semesterId ? { semester_id: filters.semesterId } : {}),
      ...(filters.status ? { status: filters.status } : {}),
    },
  };
  const courses = useMyCourses(params);
  const filtered = Boolean(filters.keyword || filters.semesterId || filters.status);

  // The server says whether it will accept a new course from this user (administrators, and anyone who
  // already teaches one); teachers are offered it where they look after their courses.
  const canOfferCreate =
    viewer?.can_create_course === true && (viewer.org_role === 'admin' || filters.tab === 'teaching');
  const openCreate = () => {
    setFormMounted(true);
    setCreating(true);
  };
  const createButton = canOfferCreate ? (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={openCreate}>
      {t('myCourses.create')}
    </Button>
  ) : null;

  const semesterOptions = [
    { value: 0, label: t('myCourses.allSemesters') },
    ...[...(semesters.data ?? [])]
      .sort(
        (a, b) => b.academic_year.code.localeCompare(a.academic_year.code) || a.sort - b.sort || a.id - b.id,
      )
      .map((s) => ({ value: s.id, label: semesterLabel(s.academic_year, s) })),
  ];

  const emptyDescription = filtered
    ? t('myCourses.emptyFiltered')
    : filters.tab === 'teaching'
      ? t('myCourses.emptyTeaching')
      : t('myCourses.emptyLearning');

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Flex justify="space-between" align="center" wrap gap="small">
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {t('myCourses.title')}
        </Typography.Title>
        <Space wrap>
          <DeletedCoursesButton enabled={filters.tab === 'teaching'} />
          <CombineCoursesEntry enabled={filters.tab === 'teaching' && viewer?.can_create_course === true} />
          {createButton}
        </Space>
      </Flex>

      {/* The primary navigation's to-do item links here. */}
      {filters.tab === 'learning' ? (
        <div id="todos">
          <TodoList />
        </div>
      ) : null}

      <Tabs
        activeKey={filters.tab}
        onChange={(key) => update({ tab: key === 'teaching' ? 'teaching' : 'learning' })}
        items={[
          { key: 'learning', label: t('myCourses.tabs.learning') },
          { key: 'teaching', label: t('myCourses.tabs.teaching') },
        ]}
        tabBarStyle={{ marginBottom: 0 }}
      />

      <Flex wrap gap="small" role="search">
        <Input.Search
          aria-label={t('myCourses.keyword')}
          placeholder={t('myCourses.keywordPlaceholder')}
          allowClear
          value={keywordDraft}
          onChange={(event) => onKeywordChange(event.target.value)}
          onSearch={onKeywordSearch}
          style={{ width: 280, maxWidth: '100%' }}
        />
        <Select<number>
          aria-label={t('myCourses.semester')}
          value={filters.semesterId ?? 0}
          loading={semesters.isLoading}
          onChange={(value) => update({ semesterId: value || undefined })}
          options={semesterOptions}
          popupMatchSelectWidth={false}
          style={{ minWidth: 200 }}
        />
        <Select<CourseStatus | 'all'>
          aria-label={t('myCourses.status')}
          value={filters.status ?? 'all'}
          onChange={(value) => update({ status: value === 'all' ? undefined : value })}
          options={[
            { value: 'all', label: t('myCourses.allStatuses') },
            ...COURSE_STATUSES.map((status) => ({ value: status, label: t(`myCourses.statuses.${status}`) })),
          ]}
          style={{ minWidth: 140 }}
        />
      </Flex>

      <PageState
        query={courses}
        isEmpty={(page) => page.total === 0}
        emptyDescription={emptyDescription}
        emptyAction={!filtered ? createButton : undefined}
      >
        {(page) => (
          <Space orientation="vertical" size="large" style={{ width: '100%' }}>
            <Row gutter={[16, 16]} aria-busy={courses.isFetching}>
              {page.courses.map((course) => (
                <Col key={course.id} xs={24} sm={12} lg={8} xl={6}>
                  <CourseCard course={course} />
                </Col>
              ))}
            </Row>
            <Flex justify="flex-end">
              <Pagination
                current={page.page}
                pageSize={page.page_size}
                total={page.total}
                showSizeChanger
                pageSizeOptions={PAGE_SIZES}
                showTotal={(total) => t('myCourses.total', { total })}
                onChange={(nextPage, nextSize) =>
                  update(nextSize === filters.pageSize ? { page: nextPage } : { page: 1, pageSize: nextSize })
                }
              />
            </Flex>
          </Space>
        )}
      </PageState>

      {formMounted ? (
        <CourseFormModal
          open={creating}
          onClose={() => setCreating(false)}
          afterClose={() => setFormMounted(false)}
          onCreated={(course: Course) => void navigate(`/course/${course.id}`)}
        />
      ) : null}
    </Space>
  );
}
