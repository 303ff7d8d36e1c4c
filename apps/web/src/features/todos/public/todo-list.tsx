import { CalendarOutlined, EditOutlined, FileDoneOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { compareTodos, type Todo, type TodoType } from '@lectern/contracts/todos/todos.schemas';
import { Button, Card, Flex, Tag, Typography } from 'antd';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/components/date-time.ts';
import { formatRelativeTime } from '../../../shared/components/relative-time.ts';
import { currentLocale } from '../../../shared/i18n/i18n.ts';
import { useTodos } from '../api/list-todos.ts';

/** Items shown before "show all": the home page is about courses; the list should not push them away. */
export const TODOS_SHOWN = 5;

/** Within this, a deadline is close enough to stand out. */
const URGENT_MS = 24 * 3_600_000;

const ICONS: Record<TodoType, ReactNode> = {
  homework: <EditOutlined aria-hidden />,
  exam: <FileDoneOutlined aria-hidden />,
  classroom_exam: <ThunderboltOutlined aria-hidden />,
};

/** `now` is when the list was fetched: deadlines read relative to the data, and rendering stays pure. */
function TodoItem({ todo, first, now }: { todo: Todo; first: boolean; now: number }) {
  const { t } = useTranslation('todos');
  const urgent = todo.end_time !== null && Date.parse(todo.end_time) - now < URGENT_MS;
  return (
    <li
      style={{
        padding: '8px 0',
        borderTop: first ? undefined : '1px solid rgba(5, 5, 5, 0.06)',
        minWidth: 0,
      }}
    >
      <Flex gap={8} align="flex-start">
        <span style={{ marginTop: 2 }}>{ICONS[todo.type]}</span>
        <Flex vertical gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Link
            to={`/course/${todo.course_id}/activity/${todo.id}`}
            title={todo.title}
            style={{ fontWeight: 600, overflowWrap: 'anywhere' }}
          >
            {todo.title}
          </Link>
          <Flex gap={8} align="center" wrap style={{ minWidth: 0 }}>
            <Tag style={{ marginInlineEnd: 0 }}>{t(`types.${todo.type}`)}</Tag>
            <Typography.Text type="secondary" ellipsis style={{ fontSize: 12, maxWidth: '100%' }}>
              {todo.course_name}
            </Typography.Text>
          </Flex>
          <Typography.Text type={urgent ? 'danger' : 'secondary'} style={{ fontSize: 12 }}>
            <CalendarOutlined aria-hidden />{' '}
            {todo.end_time === null ? (
              t('noDeadline')
            ) : (
              <time dateTime={todo.end_time} title={formatDateTime(todo.end_time)}>
                {t('due', { relative: formatRelativeTime(todo.end_time, currentLocale(), now) })}
              </time>
            )}
          </Typography.Text>
        </Flex>
      </Flex>
    </li>
  );
}

/**
 * The student's to-do list for the home page: open homework not handed in and exams with attempts left,
 * soonest deadline first, each opening its activity. It takes no room while loading, on failure or when
 * there is nothing to do, so the course list never waits for it.
 */
export function TodoList() {
  const { t } = useTranslation('todos');
  const titleId = useId();
  const [expanded, setExpanded] = useState(false);
  const query = useTodos();
  const todos = query.data?.todo_list ?? [];
  if (todos.length === 0) return null;
  const sorted = [...todos].sort(compareTodos);
  const shown = expanded ? sorted : sorted.slice(0, TODOS_SHOWN);

  return (
    <section aria-labelledby={titleId}>
      <Card
        size="small"
        title={
          <Flex align="center" gap={8}>
            <span id={titleId}>{t('title')}</span>
            <Typography.Text type="secondary" style={{ fontWeight: 400, fontSize: 12 }}>
              {t('count', { count: todos.length })}
            </Typography.Text>
          </Flex>
        }
      >
        <ul aria-labelledby={titleId} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {shown.map((todo, index) => (
            <TodoItem
              key={`${todo.type}-${todo.id}`}
              todo={todo}
              first={index === 0}
              now={query.dataUpdatedAt}
            />
          ))}
        </ul>
        {todos.length > TODOS_SHOWN && (
          <Button type="link" style={{ paddingInline: 0 }} onClick={() => setExpanded((value) => !value)}>
            {expanded ? t('showFewer') : t('showAll', { count: todos.length })}
          </Button>
        )}
      </Card>
    </section>
  );
}
