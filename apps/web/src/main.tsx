import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// The DOM build of RouterProvider is what lets navigate({ flushSync }) commit a route synchronously.
import { RouterProvider } from 'react-router/dom';
import 'antd/dist/reset.css';
import { AppProviders, createQueryClient } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { currentUserQueryOptions } from './features/identity/public/get-current-user.ts';
import { initialLocaleReady } from './shared/i18n/i18n.ts';

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
// The first screen waits for its language's messages (one small chunk) rather than flashing raw keys; if
// they cannot be fetched, it still renders, as the page would with any other chunk missing.
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
