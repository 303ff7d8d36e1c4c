import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * A link to an activity (inside the app) or a file (its bytes, in a new tab) that reports the visit as it is
 * followed. The report is a beacon: the link navigates at once, whatever becomes of it.
 */
export function KnowledgeResourceLink({
  courseId,
  type,
  id,
  children,
  onOpen,
}: {
  courseId: number;
  type: 'activity' | 'upload' | 'subject';
  id: number;
  children: ReactNode;
  onOpen: () => void;
}) {
  if (type === 'activity') {
    return (
      <Link to={`/course/${courseId}/activity/${id}`} onClick={onOpen}>
        {children}
      </Link>
    );
  }
  if (type === 'upload') {
    return (
      <Typography.Link
        href={`/api/uploads/${id}/blob?preview=1`}
        target="_blank"
        rel="noreferrer"
        onClick={onOpen}
      >
        {children}
      </Typography.Link>
    );
  }
  return <span>{children}</span>;
}
