import { TeamOutlined } from '@ant-design/icons';
import type { CourseSummary } from '@lectern/contracts/courses/course.schemas';
import { Card, Flex, Tag, Typography, theme, type GlobalToken } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROLE_COLORS, semesterLabel } from './course-format.ts';

/** Preset palette colours a course without a cover picture is painted in, picked by its id. */
const COVER_COLORS = ['blue', 'geekblue', 'purple', 'cyan', 'green', 'magenta', 'orange', 'volcano'] as const;

function coverColor(token: GlobalToken, id: number): string {
  return token[COVER_COLORS[id % COVER_COLORS.length] ?? 'blue'];
}

const COVER_HEIGHT = 96;

function Cover({ course }: { course: CourseSummary }) {
  const { token } = theme.useToken();
  if (course.cover) {
    return (
      <img src={course.cover} alt="" style={{ height: COVER_HEIGHT, width: '100%', objectFit: 'cover' }} />
    );
  }
  return (
    <div
      aria-hidden
      style={{
        height: COVER_HEIGHT,
        background: coverColor(token, course.id),
        color: token.colorWhite,
        display: 'flex',
        alignItems: 'center',
        paddingInline: token.paddingLG,
        fontSize: token.fontSizeHeading2,
        fontWeight: token.fontWeightStrong,
      }}
    >
      {course.display_name.slice(0, 1)}
    </div>
  );
}

/** One course of "my courses": a link to the course with its code, semester, instructors and my roles. */
export function CourseCard({ course }: { course: CourseSummary }) {
  const { t } = useTranslation('courses');
  const semester = semesterLabel(course.academic_year, course.semester);
  return (
    <Link
      to={`/course/${course.id}`}
      aria-label={course.display_name}
      style={{ display: 'block', height: '100%' }}
    >
      <Card
        hoverable
        cover={<Cover course={course} />}
        style={{ height: '100%' }}
        styles={{ body: { padding: 16 } }}
      >
        <Flex vertical gap={6}>
          <Typography.Title
            level={2}
            style={{ fontSize: 16, margin: 0 }}
            ellipsis={{ rows: 2, tooltip: course.display_name }}
          >
            {course.display_name}
          </Typography.Title>
          <Typography.Text type="secondary" ellipsis>
            {[course.course_code, semester].filter(Boolean).join(t('card.separator')) || t('card.noCode')}
          </Typography.Text>
          <Typography.Text ellipsis>
            {course.instructors.length > 0
              ? t('card.instructors', {
                  names: course.instructors.map((i) => i.name).join(t('layout.listSeparator')),
                })
              : t('card.noInstructors')}
          </Typography.Text>
          <Flex justify="space-between" align="center" wrap gap={4}>
            <Typography.Text type="secondary">
              <TeamOutlined aria-hidden /> {t('card.studentCount', { total: course.students_count })}
            </Typography.Text>
            <Flex wrap gap={4}>
              {course.current_user_roles.map((role) => (
                <Tag key={role} color={ROLE_COLORS[role]} style={{ marginInlineEnd: 0 }}>
                  {t(`roles.${role}`)}
                </Tag>
              ))}
            </Flex>
          </Flex>
          {course.is_blocked ? <Tag color="error">{t('card.blocked')}</Tag> : null}
        </Flex>
      </Card>
    </Link>
  );
}
