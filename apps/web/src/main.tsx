import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// The DOM build of RouterProvider is what lets navigate({ flushSync }) commit a route synchronously.
import { RouterProvider } from 'react-router/dom';
import 'antd/dist/reset.css';
import { AppProviders, createQueryClient } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { currentUserQueryOptions } from './features/identity/public/get-current-user.ts';
import { i18n, initialLocaleReady, prefetchMessages } from './shared/i18n/i18n.ts';

declare global {
  interface Window {
    /** Tells the inline script in index.html that this browser ran the bundle (docs/decisions/0005). */
    __lecternBooted?: boolean;
  }
}

const router = createAppRouter();
const queryClient = createQueryClient();
// A signed-in page shows nothing before it knows the user: ask now, while the page's code downloads,
// rather than once it has run.
if (!window.location.pathname.startsWith('/login')) {
  void queryClient.prefetchQuery(currentUserQueryOptions());
}
const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain #root');

window.__lecternBooted = true;

/**
 * The message namespaces the first screen draws (the shell's, the page's). Asked for now, they download
 * beside the page's code; otherwise each component would suspend on its own, one after another.
 */
function firstScreenNamespaces(pathname: string): string[] {
  if (pathname.startsWith('/login')) return ['identity'];
  // The top bar's search and bell come once the page has settled (app-layout.tsx), their messages with them.
  const shell = ['identity'];
  if (pathname.startsWith('/course/')) return [...shell, 'courses', 'activities'];
  if (pathname.startsWith('/user/courses')) return [...shell, 'courses'];
  return shell;
}
void i18n.loadNamespaces(firstScreenNamespaces(window.location.pathname)).catch(() => undefined);

// Pages fetch their messages as they render (shared/i18n); the rest of the language follows once the first
// page has settled (its code and data in, quiet for a second) or the user first acts, whichever is first,
// so it never competes with what that page needs and a dialog opened later rarely waits for its messages.
const SETTLE_CHECK_MS = 250;
const SETTLED_CHECKS = 4;
let settledChecks = 0;
let prefetched = false;
function prefetchRestOfMessages() {
  if (prefetched) return;
  prefetched = true;
  void prefetchMessages().catch(() => undefined);
}
for (const type of ['pointerdown', 'keydown'] as const) {
  window.addEventListener(type, prefetchRestOfMessages, { once: true, capture: true });
}
function prefetchMessagesOnceSettled() {
  const settled =
    document.readyState === 'complete' &&
    router.state.initialized &&
    router.state.navigation.state === 'idle' &&
    queryClient.isFetching() === 0;
  // Several times in a row: between a page's code arriving and its queries starting, nothing is fetching
  // either.
  settledChecks = settled ? settledChecks + 1 : 0;
  if (prefetched) return;
  if (settledChecks < SETTLED_CHECKS) {
    setTimeout(prefetchMessagesOnceSettled, SETTLE_CHECK_MS);
    return;
  }
  prefetchRestOfMessages();
}
setTimeout(prefetchMessagesOnceSettled, SETTLE_CHECK_MS);
// The first screen waits for its language's shared messages and date and antd locales (small chunks) rather
// than flashing raw keys; if they cannot be fetched, it still renders, as it would with any chunk missing.
void initialLocaleReady
  .catch(() => undefined)
  .then(() => {
    createRoot(container).render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  });
