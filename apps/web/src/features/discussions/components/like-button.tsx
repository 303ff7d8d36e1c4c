import { LikeFilled, LikeOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useThrottledCallback } from './use-throttled-callback.ts';

/** Spec 001 section 9: likes are throttled to one per second. */
export const LIKE_THROTTLE_MS = 1000;

export interface LikeButtonProps {
  liked: boolean;
  count: number;
  /** The viewer may not like this post (their own, an instructor in the question panel, simulating). */
  disabled?: boolean;
  onToggle: (like: boolean) => void;
}

/** Approval count with a like/unlike toggle; rapid clicks inside one second count once. */
export function LikeButton({ liked, count, disabled = false, onToggle }: LikeButtonProps) {
  const { t } = useTranslation('discussions');
  const toggle = useThrottledCallback(() => onToggle(!liked), LIKE_THROTTLE_MS);
  return (
    <Button
      type="text"
      size="small"
      disabled={disabled}
      aria-pressed={liked}
      aria-label={t(liked ? 'like.unlike' : 'like.like', { count })}
      icon={liked ? <LikeFilled aria-hidden /> : <LikeOutlined aria-hidden />}
      onClick={() => toggle()}
    >
      {count}
    </Button>
  );
}
