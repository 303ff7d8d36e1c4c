import { useEffect, useRef, type ReactNode } from 'react';

const SCROLLERS = '.ant-table-content, .ant-table-body';

/**
 * Wraps an antd Table whose rows scroll sideways inside their own box (phones). antd's scroll container
 * cannot take focus, so a keyboard user could not scroll a table without links or buttons in it; this makes
 * each scroll container a named, focusable region.
 */
export function ScrollableTable({ label, children }: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const mark = () => {
      root.querySelectorAll<HTMLElement>(SCROLLERS).forEach((element) => {
        if (element.tabIndex !== 0) element.tabIndex = 0;
        if (element.getAttribute('role') !== 'region') element.setAttribute('role', 'region');
        if (element.getAttribute('aria-label') !== label) element.setAttribute('aria-label', label);
      });
    };
    mark();
    // The table replaces its containers when it switches between fixed and scrolling layouts.
    const observer = new MutationObserver(mark);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [label]);
  return (
    <div ref={ref} style={{ minWidth: 0 }}>
      {children}
    </div>
  );
}
