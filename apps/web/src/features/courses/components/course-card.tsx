import { TeamOutlined } from '@ant-design/icons';
import type { CourseSummary } from '@lectern/contracts/courses/course.schemas';
import { Card, Flex, Tag, Typography, theme, type GlobalToken } from 'antd';
import { useId } from 'react';
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

/**
 * One course of "my courses": its title links to the course, and the link's hit area (an empty span) is
 * stretched over the whole card, so the card stays clickable while the link's name is exactly the visible
 * title (a card-wide link would be named by every text on it, or by an aria-label hiding them).
 */
export function CourseCard({ course }: { course: CourseSummary }) {
  const { t } = useTranslation('courses');
  const titleId = useId();
  const semester = semesterLabel(course.academic_year, course.semester);
  return (
    <Card
      hoverable
      cover={<Cover course={course} />}
      style={{ height: '100%', position: 'relative' }}
      styles={{ body: { padding: 16 } }}
      role="article"
      aria-labelledby={titleId}
    >
      <Flex vertical gap={6}>
        <Typography.Title id={titleId} level={2} style={{ fontSize: 16, margin: 0 }}>
          <Link to={`/course/${course.id}`} style={{ color: 'inherit', overflowWrap: 'anywhere' }}>
            <span aria-hidden style={{ position: 'absolute', inset: 0, zIndex: 1 }} />
            {course.display_name}
          </Link>
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
  );
}
