import { SearchOutlined } from '@ant-design/icons';
import { normalizeLocale } from '@lectern/contracts/common/locale';
import { hashKey, MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider, type ThemeConfig } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentUserQueryKey } from '../features/identity/public/get-current-user.ts';
import { isApiError } from '../shared/api/http-client.ts';
import { usePrefersReducedMotion } from '../shared/hooks/use-prefers-reduced-motion.ts';
import { antdLocale } from '../shared/i18n/antd-locale.ts';
import { AppRichTextEnvironment } from './rich-text-environment.tsx';
import './button-loading-icon.css';

/** An icon-only search button is named by its icon, which antd names in English ("search"). */
function SearchIcon() {
  const { t } = useTranslation('shared');
  return <SearchOutlined aria-label={t('actions.search')} />;
}

// One object for good: a new one per render would re-render every antd component each time, which can
// cut a running animation short (a button's fading loading icon then stays, and in its name).
const INPUT_SEARCH = { searchIcon: <SearchIcon /> };

const TAG_TEXT = {
  volcano: '#ad2102',
  orange: '#ad4e00',
  gold: '#874d00',
  yellow: '#876800',
  lime: '#3f6600',
  green: '#237804',
  cyan: '#006d75',
} as const;
const darkerTagText = Object.fromEntries(
  Object.entries(TAG_TEXT).flatMap(([hue, colour]) => [
    [`${hue}7`, colour],
    [`${hue}-7`, colour],
  ]),
);

/**
 * antd's default palette fails WCAG AA: secondary grey #8c8c8c is 3.36:1 on white and white on #1677ff is
 * 4.1:1. These seeds keep every text colour (and white on every filled button) at 4.5:1 or more, so no page
 * has to fix contrast on its own.
 */
export const APP_THEME: ThemeConfig = {
  token: {
    colorPrimary: '#0958d9',
    colorInfo: '#0958d9',
    colorLink: '#0958d9',
    colorError: '#cf1322',
    colorSuccess: '#237804',
    colorWarning: '#ad4e00',
    // Darker status seeds would also darken their tinted backgrounds into grey: keep antd's light ones.
    colorSuccessBg: '#f6ffed',
    colorSuccessBorder: '#b7eb8f',
    colorWarningBg: '#fff7e6',
    colorWarningBorder: '#ffd591',
    colorErrorBg: '#fff1f0',
    colorErrorBorder: '#ffa39e',
    colorInfoBg: '#e6f4ff',
    colorInfoBorder: '#91caff',
    colorTextSecondary: 'rgba(0, 0, 0, 0.68)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    // Preset-colour tags write in the palette's 7th shade on its 1st; for the light hues that is about
    // 3:1, so those use the first shade that reaches 4.5:1. antd keeps each shade under two names
    // (gold7 and the older gold-7) and the CSS variable takes the later one, so both are set.
    ...darkerTagText,
  },
  components: {
    // A table with `scroll` draws its empty row's text in colorTextDisabled (1.8:1), which axe reports as a
    // contrast failure; that row is text to read, not a disabled control, so it takes the secondary colour.
    Table: { colorTextDisabled: 'rgba(0, 0, 0, 0.62)' },
  },
};

/** The same palette without antd's fades, slides and ripples, for people who asked their system for less motion. */
const REDUCED_MOTION_THEME: ThemeConfig = { ...APP_THEME, token: { ...APP_THEME.token, motion: false } };

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
  // Subscribing re-renders on language change, which hands antd its matching locale (shared/i18n loads
  // it before the language changes).
  const { i18n } = useTranslation();
  const locale = normalizeLocale(i18n.language);
  const theme = usePrefersReducedMotion() ? REDUCED_MOTION_THEME : APP_THEME;
  return (
    <QueryClientProvider client={client}>
      <ConfigProvider locale={antdLocale(locale)} inputSearch={INPUT_SEARCH} theme={theme}>
        <AntdApp>
          <AppRichTextEnvironment>{children}</AppRichTextEnvironment>
        </AntdApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
