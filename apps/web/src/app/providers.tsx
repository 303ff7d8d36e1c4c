import { SearchOutlined } from '@ant-design/icons';
import { normalizeLocale, type Locale } from '@lectern/contracts/common/locale';
import { hashKey, MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import zhTW from 'antd/locale/zh_TW';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentUserQueryKey } from '../features/identity/public/get-current-user.ts';
import { isApiError } from '../shared/api/http-client.ts';

const ANTD_LOCALES: Record<Locale, typeof zhCN> = { 'zh-CN': zhCN, 'zh-TW': zhTW, 'en-US': enUS };

/** An icon-only search button is named by its icon, which antd names in English ("search"). */
function SearchIcon() {
  const { t } = useTranslation('shared');
  return <SearchOutlined aria-label={t('actions.search')} />;
}

// One object for good: a new one per render would re-render every antd component each time, which can
// cut a running animation short (a button's fading loading icon then stays, and in its name).
const INPUT_SEARCH = { searchIcon: <SearchIcon /> };

const MAX_RETRIES = 2;

/** Only failures that may pass on their own are retried; a 4xx answer will be the same next time. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  if (!isApiError(error)) return false;
  return error.status === 0 || error.status >= 500;
}

export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        // The current-user query's own 401 is how RequireAuth learns the session is gone.
        if (query.queryHash !== hashKey(currentUserQueryKey)) expireSessionOn(error);
      },
    }),
    mutationCache: new MutationCache({ onError: (error) => expireSessionOn(error) }),
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry },
      mutations: { retry: false },
    },
  });

  // A 401 anywhere means the session ended; re-checking the current user lets RequireAuth send the
  // user to the login page with a way back, instead of every page handling it.
  function expireSessionOn(error: unknown) {
    if (isApiError(error) && error.status === 401 && error.code === 'unauthenticated') {
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    }
  }

  return queryClient;
}

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  // Subscribing re-renders on language change, which hands antd its matching locale.
  const { i18n } = useTranslation();
  const locale = normalizeLocale(i18n.language);
  return (
    <QueryClientProvider client={client}>
      <ConfigProvider locale={ANTD_LOCALES[locale]} inputSearch={INPUT_SEARCH}>
        <AntdApp>{children}</AntdApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
