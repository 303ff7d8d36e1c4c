import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => onlineManager.subscribe(onChange);
const snapshot = () => onlineManager.isOnline();

/**
 * Whether the browser is online as TanStack Query sees it: while it is not, mutations wait (paused) and go
 * out by themselves once the connection is back, so a page that sends important writes says so.
 */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => true);
}
