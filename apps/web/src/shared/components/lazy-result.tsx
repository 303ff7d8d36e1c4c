import type { ResultProps } from 'antd';
import { lazy, Suspense } from 'react';

// antd's Result module carries its 403/404/500 pictures, some 10 KB gzipped. Pages show it only when
// something went wrong, so it is fetched then rather than with every page.
const AntdResult = lazy(() => import('antd/es/result'));

/** antd's Result, downloaded the first time one is shown. */
export function LazyResult(props: ResultProps) {
  return (
    <Suspense fallback={null}>
      <AntdResult {...props} />
    </Suspense>
  );
}
