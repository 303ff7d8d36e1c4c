import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Empty, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/http-client.ts';
import { LazyResult } from './lazy-result.tsx';

export interface PageStateProps<T> {
  query: Pick<UseQueryResult<T>, 'data' | 'error' | 'isPending' | 'isError' | 'isRefetching' | 'refetch'>;
  children: (data: T) => ReactNode;
  /** Treats loaded data as "nothing to show"; the empty state replaces the children. */
  isEmpty?: (data: T) => boolean;
  emptyDescription?: ReactNode;
  /** Shown in the empty state, e.g. a "create the first one" button. */
  emptyAction?: ReactNode;
}

export function LoadingState({ label }: { label?: string }) {
  const { t } = useTranslation('shared');
  return (
    <div
      role="status"
      aria-live="polite"
      aria-label={label ?? t('state.loading')}
      style={{ display: 'flex', justifyContent: 'center', padding: 48 }}
    >
      <Spin size="large" />
    </div>
  );
}

export function EmptyState({ description, action }: { description?: ReactNode; action?: ReactNode }) {
  const { t } = useTranslation('shared');
  return (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={description ?? t('state.empty')}>
      {action}
    </Empty>
  );
}

export function ErrorState({
  error,
  onRetry,
  retrying,
}: {
  error: unknown;
  onRetry?: () => void;
  retrying?: boolean;
}) {
  const { t } = useTranslation('shared');
  const status = isApiError(error) ? error.status : 0;
  const resultStatus = status === 403 ? '403' : status === 404 ? '404' : 'error';
  return (
    <LazyResult
      status={resultStatus}
      title={t('state.errorTitle')}
      subTitle={isApiError(error) ? error.message : t('errors.unexpected')}
      extra={
        onRetry ? (
          <Button type="primary" onClick={onRetry} loading={retrying}>
            {t('actions.retry')}
          </Button>
        ) : undefined
      }
    />
  );
}

/**
 * Renders a query's loading, error and empty states so pages only describe the loaded case.
 * Data already on screen stays there when a background refetch fails.
 */
export function PageState<T>({ query, children, isEmpty, emptyDescription, emptyAction }: PageStateProps<T>) {
  if (query.isPending) return <LoadingState />;
  if (query.isError && query.data === undefined) {
    return (
      <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isRefetching} />
    );
  }
  const data = query.data as T;
  if (isEmpty?.(data)) return <EmptyState description={emptyDescription} action={emptyAction} />;
  return <>{children(data)}</>;
}
