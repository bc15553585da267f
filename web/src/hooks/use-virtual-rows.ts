import { useCallback, useEffect, useRef, useState } from 'react';

export interface VirtualRowsOptions {
  count: number;
  rowHeight: number;
  /** The scroll area's height before it has been measured (and in environments without layout). */
  viewportHeight: number;
  overscan?: number;
  /** When this changes (a new sort or filter, say), the list scrolls back to its top. */
  resetKey?: string;
}

/**
 * Windowing for a fixed-height row list: only the rows in view (plus a few either side) are
 * rendered; spacers stand in for the rest, so the scrollbar still reflects the whole list.
 */
export const useVirtualRows = ({ count, rowHeight, viewportHeight, overscan = 6, resetKey = '' }: VirtualRowsOptions) => {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(viewportHeight);
  const frame = useRef(0);
  const shownKey = useRef(resetKey);

  useEffect(() => {
    if (!element) return undefined;
    // A scroll area that has just mounted is at its top, whatever the last one showed.
    setScrollTop(0);
    const handleScroll = () => {
      // One state update per frame, however many scroll events the frame brings.
      cancelAnimationFrame(frame.current);
      frame.current = requestAnimationFrame(() => setScrollTop(element.scrollTop));
    };
    // Measured when the observer reports, after the browser's own layout: reading the height here
    // would force a layout of the whole new screen in the middle of mounting it. Until then the
    // estimate stands, which is the scroll area's maximum height.
    const measure = () => setHeight(element.clientHeight || viewportHeight);
    element.addEventListener('scroll', handleScroll, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => {
      element.removeEventListener('scroll', handleScroll);
      observer?.disconnect();
      cancelAnimationFrame(frame.current);
    };
  }, [element, viewportHeight]);

  const first = Math.floor(scrollTop / rowHeight);
  const start = Math.max(0, Math.min(count, first) - overscan);
  const end = Math.min(count, first + Math.ceil(height / rowHeight) + overscan);

  useEffect(() => {
    // A list that has just mounted is at its top already (and setting scrollTop forces a layout).
    if (shownKey.current === resetKey) return;
    shownKey.current = resetKey;
    if (element) element.scrollTop = 0;
    setScrollTop(0);
  }, [element, resetKey]);

  /** Scrolls just enough to bring row `index` into view (keyboard moves), and shows its window now. */
  const scrollToRow = useCallback(
    (index: number) => {
      if (!element) return;
      const top = index * rowHeight;
      const view = element.clientHeight || height;
      const current = scrollTop;
      const next = top < current ? top : top + rowHeight > current + view ? top + rowHeight - view : current;
      if (next === current) return;
      element.scrollTop = next;
      setScrollTop(next);
    },
    [element, rowHeight, height, scrollTop],
  );

  return {
    scrollRef: setElement,
    scrollToRow,
    start,
    end,
    paddingTop: start * rowHeight,
    paddingBottom: Math.max(0, (count - end) * rowHeight),
  };
};
