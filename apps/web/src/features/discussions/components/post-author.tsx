import { UserOutlined } from '@ant-design/icons';
import type { CourseRole } from '@lectern/contracts/courses/course-roles';
import type { CommentAuthor } from '@lectern/contracts/discussions/discussions.schemas';
import { Avatar, Flex, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const ROLE_COLORS: Partial<Record<CourseRole, string>> = {
  instructor: 'blue',
  instructor_assistant: 'cyan',
  student_assistant: 'green',
};

/** The badge beside an author: their course role, or for a customer (a guest member) their alias. */
export function RoleBadge({ role, author }: { role: CourseRole; author: CommentAuthor | null }) {
  const { t } = useTranslation('discussions');
  if (role === 'customer') {
    return author?.aliases ? <Tag>{author.aliases}</Tag> : null;
  }
  return <Tag color={ROLE_COLORS[role]}>{t(`roles.${role}`)}</Tag>;
}

export interface PostAuthorProps {
  /** null when anonymity hides the author from the viewer. */
  author: CommentAuthor | null;
  anonymous: boolean;
  role: CourseRole;
  /** Shown after the name, e.g. the time or "replied to …". */
  extra?: ReactNode;
  size?: number;
}

/**
 * Who wrote a post. A hidden author shows as anonymous; an anonymous post whose author the viewer may
 * still see (their own, or an instructor viewing as a student) carries an anonymous mark.
 */
export function PostAuthor({ author, anonymous, role, extra, size = 32 }: PostAuthorProps) {
  const { t } = useTranslation('discussions');
  return (
    <Flex align="center" gap={8} wrap style={{ minWidth: 0 }}>
      <Avatar
        size={size}
        src={author?.avatar_big_url ?? undefined}
        icon={<UserOutlined aria-hidden />}
        alt=""
      />
      <Typography.Text strong>{author ? author.name : t('author.anonymous')}</Typography.Text>
      <RoleBadge role={role} author={author} />
      {author && anonymous ? <Tag color="orange">{t('author.anonymousMark')}</Tag> : null}
      {extra}
    </Flex>
  );
}
