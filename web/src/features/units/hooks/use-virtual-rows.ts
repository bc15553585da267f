import { useCallback, useEffect, useRef, useState } from 'react';

export interface VirtualRowsOptions {
  count: number;
  rowHeight: number;
  /** The scroll area's height before it has been measured (and in environments without layout). */
  viewportHeight: number;
  overscan?: number;
}

/**
 * Windowing for a fixed-height row list: only the rows in view (plus a few either side) are
 * rendered; spacers stand in for the rest, so the scrollbar still reflects the whole list.
 */
export const useVirtualRows = ({ count, rowHeight, viewportHeight, overscan = 6 }: VirtualRowsOptions) => {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(viewportHeight);
  const frame = useRef(0);

  useEffect(() => {
    if (!element) return undefined;
    const handleScroll = () => {
      // One state update per frame, however many scroll events the frame brings.
      cancelAnimationFrame(frame.current);
      frame.current = requestAnimationFrame(() => setScrollTop(element.scrollTop));
    };
    const measure = () => setHeight(element.clientHeight || viewportHeight);
    measure();
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
  const scrollToTop = useCallback(() => {
    if (element) element.scrollTop = 0;
    setScrollTop(0);
  }, [element]);

  return {
    scrollRef: setElement,
    start,
    end,
    paddingTop: start * rowHeight,
    paddingBottom: Math.max(0, (count - end) * rowHeight),
    scrollToTop,
  };
};
