import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { activityDiscussionKey } from '../api/discussions-cache.ts';
import { postErrorText } from './post-errors.ts';

/**
 * The confirm-then-delete flow and the toasts every post shares: "deleted" on success, the server's
 * reason on failure.
 */
export function useConfirmDelete() {
  const { t } = useTranslation('discussions');
  const { message, modal } = App.useApp();
  return (remove: () => Promise<unknown>, onDeleted?: () => void) => {
    modal.confirm({
      title: t('delete.title'),
      content: t('delete.description'),
      okText: t('actions.delete'),
      okButtonProps: { danger: true },
      cancelText: t('actions.cancel'),
      onOk: async () => {
        try {
          await remove();
          void message.success(t('toast.deleted'));
          onDeleted?.();
        } catch (error) {
          void message.error(t('toast.deleteFailed', { reason: postErrorText(error) }));
        }
      },
    });
  };
}

/** The cached lists whose counts or members a new or deleted post changes (not the question panel's, kept locally). */
const LIST_KINDS: readonly unknown[] = ['comments', 'topics', 'topic'];

/**
 * Reloads the activity's comment and topic lists after a write that moves counts or members, and the
 * replies of `commentId` when given. Other comments' reply pages stay as they are: nothing changed there.
 */
export function useRefreshDiscussion(activityId: number) {
  const queryClient = useQueryClient();
  return (commentId?: number) => {
    const prefix = activityDiscussionKey(activityId);
    return queryClient.invalidateQueries({
      queryKey: prefix,
      predicate: ({ queryKey }) =>
        LIST_KINDS.includes(queryKey[prefix.length]) ||
        (commentId !== undefined &&
          queryKey[prefix.length] === 'replies' &&
          queryKey[prefix.length + 1] === commentId),
    });
  };
}
