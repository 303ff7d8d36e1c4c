import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// The DOM build of RouterProvider is what lets navigate({ flushSync }) commit a route synchronously.
import { RouterProvider } from 'react-router/dom';
import 'antd/dist/reset.css';
import './shared/i18n/i18n.ts';
import { AppProviders } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';

declare global {
  interface Window {
    /** Tells the inline script in index.html that this browser ran the bundle (docs/decisions/0005). */
    __lecternBooted?: boolean;
  }
}

const router = createAppRouter();
const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain #root');

window.__lecternBooted = true;
createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
