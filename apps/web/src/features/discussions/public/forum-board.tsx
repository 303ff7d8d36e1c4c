import type { Activity } from '@lectern/contracts/activities/activity.schemas';
import { useLocation, useSearchParams } from 'react-router';
import { TopicList } from '../components/topic-list.tsx';
import { TopicThread } from '../components/topic-thread.tsx';
import { useCanPost } from '../components/use-can-post.ts';

/** The open topic travels in the address (?topic=id), so a thread can be linked and Back returns to the list. */
const TOPIC_PARAM = 'topic';

/** A forum activity's page: its topics, a new-topic dialog, and each topic's thread. */
export function ForumBoard({ activity }: { activity: Activity }) {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const canPost = useCanPost();
  const topicId = Number(params.get(TOPIC_PARAM));

  if (Number.isInteger(topicId) && topicId > 0) {
    return (
      <TopicThread
        activityId={activity.id}
        topicId={topicId}
        canPost={canPost}
        onBack={() => {
          const next = new URLSearchParams(params);
          next.delete(TOPIC_PARAM);
          setParams(next);
        }}
      />
    );
  }
  const withTopic = (id: number) => {
    const next = new URLSearchParams(params);
    next.set(TOPIC_PARAM, String(id));
    return next;
  };
  return (
    <TopicList
      activityId={activity.id}
      canPost={canPost}
      onOpen={(id) => setParams(withTopic(id))}
      topicHref={(id) => `${location.pathname}?${withTopic(id).toString()}`}
    />
  );
}
