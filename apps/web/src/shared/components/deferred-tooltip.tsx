import type { TooltipProps } from 'antd';
import { lazy, Suspense, type ReactElement, type ReactNode } from 'react';
import { usePageSettled } from '../hooks/use-page-settled.ts';

const Tooltip = lazy(async () => ({ default: (await import('antd/es/tooltip')).default }));

export interface DeferredTooltipProps {
  title: ReactNode;
  placement?: TooltipProps['placement'];
  /** One element (a span, a heading) that takes the tooltip's hover and focus handlers. */
  children: ReactElement;
}

/**
 * antd's Tooltip, mounted once the page has settled (usePageSettled: quiet for a second, or the user's
 * first key or pointer press), so its code (about 4 KB gzipped) is not part of what a page waits for
 * (decision 0014). Until then the child is drawn alone, exactly as the Tooltip draws it; a tip cannot be
 * asked for before anyone can point at or focus anything anyway.
 */
export function DeferredTooltip({ title, placement, children }: DeferredTooltipProps) {
  const settled = usePageSettled();
  if (!settled) return children;
  return (
    <Suspense fallback={children}>
      <Tooltip title={title} placement={placement}>
        {children}
      </Tooltip>
    </Suspense>
  );
}
