import { StyleProvider } from '@ant-design/cssinjs';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders, createQueryClient } from '../app/providers.tsx';

/**
 * antd writes thousands of CSS rules into the document as components mount. jsdom parses every one and
 * matches them all on each getComputedStyle, which Testing Library calls for every role query: most of a
 * web test's time went there. Tests read roles, names and attributes, never antd's styling, so the
 * styles are kept out of the document (`mock="server"` is cssinjs's switch for that).
 */
export function WithoutAntdStyles({ children }: { children: ReactNode }) {
  return <StyleProvider mock="server">{children}</StyleProvider>;
}

/** Renders routes with the real providers and a fresh cache, starting at `path`. */
export function renderRoutes(routes: RouteObject[], path: string) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <WithoutAntdStyles>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </WithoutAntdStyles>,
  );
  return { ...view, router, queryClient };
}
