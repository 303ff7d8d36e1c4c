import { EditOutlined, EyeOutlined } from '@ant-design/icons';
import type { Course } from '@lectern/contracts/courses/course.schemas';
import { isTeaching } from '@lectern/contracts/courses/course-roles';
import { canManageRecycleBin } from '@lectern/contracts/courses/recycle-bin.rules';
import { Alert, App, Button, Flex, Space, theme } from 'antd';
import { Fragment, lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../shared/api/http-client.ts';
import { LazyResult } from '../../../shared/components/lazy-result.tsx';
import { ErrorState, LoadingState } from '../../../shared/components/page-state.tsx';
import { useCourse } from '../api/get-course.ts';
import { useCurrentUser } from '../../identity/public/get-current-user.ts';
import { useEndPreview } from '../api/end-preview.ts';
import { formatCourseDate, semesterLabel } from '../components/course-format.ts';
import { CourseHeading } from '../components/course-heading.tsx';
import { CourseContext } from './course-context.ts';
import { useKnowledgeGraphTab } from '../../knowledge-graph/public/use-knowledge-graph-tab.ts';

// Only people who manage the course open it, so it downloads then rather than with every course page.
const CourseFormModal = lazy(async () => ({
  default: (await import('../components/course-form-modal.tsx')).CourseFormModal,
}));
// Only the teaching team sees it (antd's Switch, not otherwise on the course page's first load).
const SimulateSwitch = lazy(async () => ({
  default: (await import('../components/simulate-switch.tsx')).SimulateSwitch,
}));

type CourseTab =
  | 'content'
  | 'shared-files'
  | 'announcements'
  | 'rollcalls'
  | 'ask-questions'
  | 'members'
  | 'groups'
  | 'grades'
  | 'teaching-calendar'
  | 'reviews'
  | 'apps'
  | 'public-listing'
  | 'recycle-bin'
  | 'knowledge-graph';

/** Announcements, members, groups and grades have their own pages; everything else under the course (activities too) is content. */
function tabOf(pathname: string, courseId: number): CourseTab {
  const rest = pathname.replace(new RegExp(`^/course/${courseId}/?`), '');
  if (rest === 'shared-files') return 'shared-files';
  if (rest === 'announcements' || rest.startsWith('announcements/')) return 'announcements';
  if (rest === 'rollcalls' || rest.startsWith('rollcalls/')) return 'rollcalls';
  if (rest === 'ask-questions' || rest.startsWith('ask-questions/')) return 'ask-questions';
  if (rest === 'members' || rest.startsWith('members/')) return 'members';
  if (rest === 'groups' || rest.startsWith('groups/')) return 'groups';
  if (rest === 'grades' || rest.startsWith('grades/')) return 'grades';
  if (rest === 'teaching-calendar') return 'teaching-calendar';
  if (rest === 'reviews') return 'reviews';
  if (rest === 'apps') return 'apps';
  if (rest === 'public-listing') return 'public-listing';
  if (rest === 'recycle-bin') return 'recycle-bin';
  if (rest === 'knowledge-graph') return 'knowledge-graph';
  return 'content';
}

const SECTIONS: readonly CourseTab[] = [
  'content',
  // The files instructors shared to the course (course-services), beside the content students study.
  'shared-files',
  'announcements',
  'rollcalls',
  'ask-questions',
  'members',
  'groups',
  'grades',
  'teaching-calendar',
  'reviews',
  'apps',
];

/**
 * The course's sections as what they are, links between pages (the current one marked), not a tab list:
 * antd's tabs fold what does not fit into a "more" button inside the tablist, which screen readers cannot
 * make sense of. On a phone the row scrolls sideways inside its own box.
 */
function CourseSections({
  base,
  current,
  sections,
}: {
  base: string;
  current: CourseTab;
  sections: readonly CourseTab[];
}) {
  const { t } = useTranslation('courses');
  const { token } = theme.useToken();
  return (
    <nav
      aria-label={t('layout.nav')}
      style={{ marginTop: 8, overflowX: 'auto', borderBottom: `1px solid ${token.colorBorderSecondary}` }}
    >
      <ul
        style={{ display: 'flex', gap: 32, margin: 0, padding: 0, listStyle: 'none', whiteSpace: 'nowrap' }}
      >
        {sections.map((section) => {
          const active = section === current;
          return (
            <li key={section}>
              <Link
                to={section === 'content' ? base : `${base}/${section}`}
                aria-current={active ? 'page' : undefined}
                style={{
                  display: 'inline-block',
                  padding: '12px 0 10px',
                  color: active ? token.colorPrimary : token.colorText,
                  borderBottom: `2px solid ${active ? token.colorPrimary : 'transparent'}`,
                }}
              >
                {t(`layout.tabs.${section}`)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function parseCourseId(value: string | undefined): number | undefined {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

function BackHomeButton() {
  const { t } = useTranslation('shared');
  const navigate = useNavigate();
  return (
    <Button type="primary" onClick={() => void navigate('/user/courses')}>
      {t('actions.backHome')}
    </Button>
  );
}

function CourseNotFound() {
  const { t } = useTranslation('courses');
  return (
    <LazyResult
      status="404"
      title={t('layout.notFoundTitle')}
      subTitle={t('layout.notFound')}
      extra={<BackHomeButton />}
    />
  );
}

function CourseLoadError({
  error,
  onRetry,
  retrying,
}: {
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
}) {
  const { t } = useTranslation('courses');
  if (isApiError(error) && error.status === 403) {
    return (
      <LazyResult
        status="403"
        title={t('layout.noAccessTitle')}
        subTitle={t('layout.noAccess')}
        extra={<BackHomeButton />}
      />
    );
  }
  if (isApiError(error) && error.status === 404) return <CourseNotFound />;
  return <ErrorState error={error} onRetry={onRetry} retrying={retrying} />;
}

/** antd's default Switch: its track's least width and its height (trackMinWidth, trackHeight). */
const SWITCH_SIZE = { width: 44, height: 22 };

/**
 * Holds the switch's place, at its size, with its label, until it has loaded: the title beside it and
 * the edit button after it must not move under the pointer when it arrives.
 */
function SimulateSwitchPlaceholder() {
  const { t } = useTranslation('courses');
  const { token } = theme.useToken();
  return (
    <Space size="small">
      <span
        aria-hidden
        style={{
          display: 'inline-block',
          verticalAlign: 'middle',
          width: SWITCH_SIZE.width,
          height: SWITCH_SIZE.height,
          borderRadius: SWITCH_SIZE.height / 2,
          background: token.colorTextQuaternary,
        }}
      />
      <span>{t('simulate.switch')}</span>
    </Space>
  );
}

function SimulatingBanner({ course }: { course: Course }) {
  const { t } = useTranslation('courses');
  const { message } = App.useApp();
  const endPreview = useEndPreview();
  return (
    <Alert
      type="warning"
      showIcon
      icon={<EyeOutlined aria-hidden />}
      title={t('simulate.banner')}
      action={
        <Button
          size="small"
          loading={endPreview.isPending}
          onClick={() =>
            endPreview.mutate(course.id, { onError: (error) => void message.error(error.message) })
          }
        >
          {t('simulate.exit')}
        </Button>
      }
    />
  );
}

/**
 * Where the page sits, drawn as antd's Breadcrumb draws it (a list in a labelled nav, `/` between the
 * items, the last one in the text colour) without its module, which also carries a Dropdown for menus
 * the course header never has (decision 0014).
 */
function CourseBreadcrumb({ items }: { items: { key: string; title: ReactNode }[] }) {
  const { t } = useTranslation('shared');
  const { token } = theme.useToken();
  return (
    <nav aria-label={t('layout.breadcrumb')} style={{ marginBottom: 8 }}>
      <ol
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          margin: 0,
          padding: 0,
          listStyle: 'none',
          color: token.colorTextDescription,
          fontSize: token.fontSize,
          lineHeight: token.lineHeight,
        }}
      >
        {items.map((item, index) => (
          <Fragment key={item.key}>
            {index > 0 ? (
              <li aria-hidden style={{ marginInline: token.marginXS }}>
                /
              </li>
            ) : null}
            <li style={index === items.length - 1 ? { color: token.colorText } : undefined}>{item.title}</li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}

function CourseHeader({ course }: { course: Course }) {
  const { t } = useTranslation('courses');
  const location = useLocation();
  const { data: viewer } = useCurrentUser();
  const { token } = theme.useToken();
  const [editing, setEditing] = useState(false);
  const [formMounted, setFormMounted] = useState(false);

  // Only the teaching team may view as a student; an administrator outside it manages but cannot simulate.
  const canSimulate = course.simulating || (course.can_manage && isTeaching(course.current_user_roles));
  const canDelete =
    course.can_manage && (viewer?.org_role === 'admin' || viewer?.id === course.created_user.id);
  const seesRecycleBin =
    !course.simulating &&
    canManageRecycleBin({
      roles: course.current_user_roles,
      isChiefInstructor: viewer?.id === course.created_user.id,
      isOrgAdmin: viewer?.org_role === 'admin',
    });
  const semester = semesterLabel(course.academic_year, course.semester);
  const start = formatCourseDate(course.start_date);
  const end = formatCourseDate(course.end_date);
  const base = `/course/${course.id}`;

  const details = [
    course.course_code ? { key: 'code', label: t('layout.courseCode'), value: course.course_code } : null,
    semester ? { key: 'semester', label: t('layout.semester'), value: semester } : null,
    course.instructors.length > 0
      ? {
          key: 'instructors',
          label: t('layout.instructors'),
          value: course.instructors.map((i) => i.name).join(t('layout.listSeparator')),
        }
      : null,
    start || end
      ? {
          key: 'dates',
          label: t('layout.dates'),
          value: start && end ? t('layout.dateRange', { start, end }) : start || end,
        }
      : null,
  ].filter((item) => item !== null);

  const tab = tabOf(location.pathname, course.id);
  const showsKnowledgeGraph = useKnowledgeGraphTab(course);
  const atCourseHome = location.pathname.replace(/\/$/, '') === base;
  const tabLabel = t(`layout.tabs.${tab}`);
  const crumbLink = { color: token.colorTextDescription };

  return (
    // A bordered panel in antd's tokens rather than a Card: Card brings antd's Tabs (some 14 KB with it)
    // to the course page's first load for a tab list never drawn (decision 0014).
    <div
      style={{
        background: token.colorBgContainer,
        border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        padding: `${token.paddingLG}px ${token.paddingLG}px 0`,
      }}
    >
      <CourseBreadcrumb
        items={[
          {
            key: 'home',
            title: (
              <Link to="/user/courses" style={crumbLink}>
                {t('shared:layout.nav.courses')}
              </Link>
            ),
          },
          atCourseHome
            ? { key: 'course', title: <span aria-current="page">{course.display_name}</span> }
            : {
                key: 'course',
                title: (
                  <Link to={base} style={crumbLink}>
                    {course.display_name}
                  </Link>
                ),
              },
          ...(atCourseHome ? [] : [{ key: 'tab', title: tabLabel }]),
        ]}
      />
      {/* The title takes the room it needs first; the switch and the edit button wrap below it when
          the screen is narrow instead of squeezing it. */}
      <Flex justify="space-between" align="flex-start" wrap gap="small">
        <CourseHeading
          level={1}
          style={{ fontSize: 24, margin: 0, flex: '1 1 260px', minWidth: 0, overflowWrap: 'anywhere' }}
        >
          {course.display_name}
        </CourseHeading>
        {canSimulate || course.can_manage ? (
          <Space wrap>
            {canSimulate ? (
              <Suspense fallback={<SimulateSwitchPlaceholder />}>
                <SimulateSwitch course={course} />
              </Suspense>
            ) : null}
            {course.can_manage ? (
              <Button
                icon={<EditOutlined aria-hidden />}
                onClick={() => {
                  setFormMounted(true);
                  setEditing(true);
                }}
              >
                {t('layout.editCourse')}
              </Button>
            ) : null}
          </Space>
        ) : null}
      </Flex>
      {details.length > 0 ? (
        <dl
          style={{
            display: 'flex',
            flexWrap: 'wrap',
            columnGap: 24,
            rowGap: 4,
            margin: '8px 0 0',
          }}
        >
          {details.map((item) => (
            <div key={item.key} style={{ display: 'flex', gap: 4, minWidth: 0, maxWidth: '100%' }}>
              <dt style={{ color: token.colorTextSecondary, flexShrink: 0, whiteSpace: 'nowrap' }}>
                {t('layout.detailLabel', { label: item.label })}
              </dt>
              <dd style={{ margin: 0, minWidth: 0, overflowWrap: 'anywhere' }}>{item.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <CourseSections
        base={base}
        current={tab}
        sections={[
          ...SECTIONS,
          // The portal listing and file permissions are the teaching team's (issue 18).
          ...(course.can_manage && !course.simulating ? (['public-listing'] as const) : []),
          // Only those who may restore or delete for good see the recycle bin (decision 0015).
          ...(seesRecycleBin ? (['recycle-bin'] as const) : []),
          // The teaching team's always; students', once it is published (issue 17).
          ...(showsKnowledgeGraph ? (['knowledge-graph'] as const) : []),
        ]}
      />
      {formMounted ? (
        <Suspense fallback={null}>
          <CourseFormModal
            open={editing}
            course={course}
            canDelete={canDelete}
            onClose={() => setEditing(false)}
            afterClose={() => setFormMounted(false)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

/**
 * Layout route of /course/:courseId: loads the course, shows its header, tabs and the view-as-student
 * switch, and provides the course to every child route (read it with `useCurrentCourse`).
 */
export function CourseLayout() {
  const params = useParams();
  const courseId = parseCourseId(params.courseId);
  if (courseId === undefined) return <CourseNotFound />;
  return <LoadedCourseLayout courseId={courseId} />;
}

function LoadedCourseLayout({ courseId }: { courseId: number }) {
  const course = useCourse(courseId);

  if (course.isPending) return <LoadingState />;
  if (course.isError && course.data === undefined) {
    return (
      <CourseLoadError
        error={course.error}
        onRetry={() => void course.refetch()}
        retrying={course.isRefetching}
      />
    );
  }
  const data = course.data;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {data.simulating ? <SimulatingBanner course={data} /> : null}
      <CourseHeader course={data} />
      <CourseContext value={data}>
        <Outlet />
      </CourseContext>
    </Space>
  );
}
