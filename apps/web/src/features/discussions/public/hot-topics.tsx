import { FireOutlined, MessageOutlined } from '@ant-design/icons';
import type { HotTopic } from '@lectern/contracts/discussions/discussions.schemas';
import { Flex, theme } from 'antd';
import { useId, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/components/date-time.ts';
import { useHotTopics } from '../api/list-hot-topics.ts';

/** Where a topic's thread opens: its forum's page, with the topic in the address as ForumBoard reads it. */
export function hotTopicPath(courseId: number, topic: Pick<HotTopic, 'id' | 'receiver'>): string {
  return `/course/${courseId}/activity/${topic.receiver.id}?topic=${topic.id}`;
}

/** One line, cut with an ellipsis: the card is narrow and the full title is in the link's tooltip. */
const titleStyle: CSSProperties = {
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontWeight: 600,
};

export interface HotTopicsProps {
  courseId: number;
  /** Placement in the caller's layout (e.g. a flex basis); the card sizes itself otherwise. */
  style?: CSSProperties;
}

/**
 * The course's busiest forum topics as a compact card: title (opening the thread), reply count, the forum
 * it is in, author and time. Side content only: while loading, on failure or with no topics it takes no
 * room at all, so the page around it never waits for it or shows an error for it.
 */
export function HotTopics({ courseId, style }: HotTopicsProps) {
  const { t } = useTranslation('discussions');
  const titleId = useId();
  const { token } = theme.useToken();
  // Typography.Text's secondary look without Typography, which the course page would otherwise fetch for
  // this card alone (decision 0014).
  const secondary: CSSProperties = {
    color: token.colorTextDescription,
    fontSize: 12,
    wordBreak: 'break-word',
  };
  const topics = useHotTopics(courseId).data?.hot_topics ?? [];
  if (topics.length === 0) return null;

  return (
    // A small card drawn in antd's tokens: antd's Card brings its Tabs, some 14 KB the course page would
    // otherwise fetch while it loads (decision 0014).
    <section
      aria-labelledby={titleId}
      style={{
        background: token.colorBgContainer,
        border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        ...style,
      }}
    >
      <Flex
        align="center"
        gap={8}
        style={{
          minHeight: 38,
          padding: `0 ${token.paddingSM}px`,
          fontWeight: 600,
          borderBottom: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
        }}
      >
        <FireOutlined aria-hidden style={{ color: '#fa541c' }} />
        <span id={titleId}>{t('hotTopics.title')}</span>
      </Flex>
      <div style={{ padding: token.paddingSM }}>
        <Flex vertical role="list" aria-labelledby={titleId}>
          {topics.map((topic, index) => (
            <Flex
              key={topic.id}
              role="listitem"
              vertical
              gap={2}
              style={{
                padding: '8px 0',
                borderTop: index === 0 ? undefined : '1px solid rgba(5, 5, 5, 0.06)',
                minWidth: 0,
              }}
            >
              <Flex align="baseline" justify="space-between" gap={8}>
                <Link to={hotTopicPath(courseId, topic)} title={topic.title} style={titleStyle}>
                  {topic.title}
                </Link>
                <span style={{ ...secondary, flexShrink: 0 }}>
                  <MessageOutlined aria-hidden /> {t('hotTopics.replies', { count: topic.comments })}
                </span>
              </Flex>
              <span
                style={{ ...secondary, overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' }}
              >
                {t('hotTopics.forum', { forum: topic.receiver.title })}
              </span>
              <span style={secondary}>
                {topic.created_by ? topic.created_by.name : t('author.anonymous')}
                {' · '}
                <time dateTime={topic.created_at}>{formatDateTime(topic.created_at)}</time>
              </span>
            </Flex>
          ))}
        </Flex>
      </div>
    </section>
  );
}
