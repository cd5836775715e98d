import { useCallback, useLayoutEffect, useState, useSyncExternalStore} from 'react';

/**
 * A stand-in for @tanstack/react-virtual's `useVirtualizer` (not installed yet), with the same shape for
 * what the file lists use: `getVirtualItems()`, `getTotalSize()`, `scrollToIndex()`. Fixed-size rows only
 * (the library measures; these lists have rows of one height). When the library is added, callers swap
 * the import and keep their code.
 */
export interface VirtualItem {
  index: number;
  key: number;
  start: number;
  size: number;
  end: number;
}

export interface VirtualListOptions {
  count: number;
  getScrollElement: () => HTMLElement | null;
  estimateSize: (index: number) => number;
  overscan?: number;
}

/** The rows to render for a viewport: every row that overlaps it, plus `overscan` on each side. Pure, for tests. */
export function visibleRange(scrollTop: number, viewport: number, count: number, size: number, overscan: number): { first: number; last: number } {
  if (count === 0 || size <= 0) return { first: 0, last: -1 };
  const top = Math.max(0, scrollTop);
  const first = Math.max(0, Math.floor(top / size) - overscan);
  const last = Math.min(count - 1, Math.ceil((top + Math.max(0, viewport)) / size) - 1 + overscan);
  return { first, last: Math.max(first - 1, last) };
}

function subscribeTo(element: HTMLElement | null) {
  return (notify: () => void) => {
    if (!element) return () => {};
    element.addEventListener('scroll', notify, { passive: true });
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(notify);
    resize?.observe(element);
    return () => {
      element.removeEventListener('scroll', notify);
      resize?.disconnect();
    };
  };
}

export function useVirtualizer({ count, getScrollElement, estimateSize, overscan = 4 }: VirtualListOptions) {
  // The element exists after the first commit; read it then and re-render once.
  const [element, setElement] = useState<HTMLElement | null>(null);
  useLayoutEffect(() => {
    setElement(getScrollElement());
  }, [getScrollElement]);
  const subscribe = useCallback((notify: () => void) => subscribeTo(element)(notify), [element]);
  // One string, so a scroll inside the same rows does not re-render the list.
  const size = estimateSize(0);
  const range = useSyncExternalStore(
    subscribe,
    () => {
      // Before the element is known, render a first screenful (as the library does with its initialRect).
      const { first, last } = visibleRange(element?.scrollTop ?? 0, element?.clientHeight ?? 800, count, size, overscan);
      return `${first}:${last}`;
    },
    () => `0:${Math.min(count, 10) - 1}`,
  );
  const [first, last] = range.split(':').map(Number) as [number, number];

  return {
    getVirtualItems(): VirtualItem[] {
      const items: VirtualItem[] = [];
      for (let index = first; index <= last; index++) items.push({ index, key: index, start: index * size, size, end: (index + 1) * size });
      return items;
    },
    getTotalSize: () => count * size,
    scrollToIndex(index: number) {
      if (element) element.scrollTop = Math.max(0, Math.min(count - 1, index)) * size;
    },
  };
}

