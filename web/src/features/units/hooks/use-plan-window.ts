import { useCallback, useEffect, useState } from 'react';

/** The plan's geometry (plan-styles.ts): cells and the gaps between them, the headers. */
export const PLAN_GEOMETRY = { cellWidth: 104, cellHeight: 64, gap: 4, rowHeader: 48, columnHeader: 24 } as const;
const PITCH_X = PLAN_GEOMETRY.cellWidth + PLAN_GEOMETRY.gap;
const PITCH_Y = PLAN_GEOMETRY.cellHeight + PLAN_GEOMETRY.gap;
const LEFT = PLAN_GEOMETRY.rowHeader + PLAN_GEOMETRY.gap;
const TOP = PLAN_GEOMETRY.columnHeader + PLAN_GEOMETRY.gap;
const OVERSCAN = 3;

/** Past this many positions a building is windowed: only the cells in view (and a few around) are in the DOM. */
export const PLAN_WINDOW_THRESHOLD = 400;

export interface PlanWindow {
  rowStart: number;
  rowEnd: number;
  columnStart: number;
  columnEnd: number;
}

const clamp = (value: number, max: number) => Math.max(0, Math.min(max, value));

/**
 * Two-way windowing for a large building (the 5,000-unit project is 50 floors of 100): the scroll
 * area's view decides which rows and columns are rendered; spacers keep the scroll size. Small
 * buildings (most) render whole, so a plan of 80 units is all in the DOM, for print and for tests.
 */
export const usePlanWindow = (rows: number, columns: number, enabled: boolean) => {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const [view, setView] = useState({ top: 0, left: 0, height: 640, width: 1200 });

  const read = useCallback(() => {
    if (!element) return;
    setView({ top: element.scrollTop, left: element.scrollLeft, height: element.clientHeight || 640, width: element.clientWidth || 1200 });
  }, [element]);

  useEffect(() => {
    if (!enabled || !element) return undefined;
    read();
    let frame = 0;
    // One state update per frame, however many scroll events the frame brings.
    const handleScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(read);
    };
    element.addEventListener('scroll', handleScroll, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(handleScroll);
    observer?.observe(element);
    return () => {
      cancelAnimationFrame(frame);
      element.removeEventListener('scroll', handleScroll);
      observer?.disconnect();
    };
  }, [element, enabled, read]);

  /** Scrolls a cell into view and renders its window at once, so the focus can move to it. */
  const reveal = useCallback(
    (row: number, column: number) => {
      if (!enabled || !element) return;
      const top = TOP + row * PITCH_Y;
      const left = LEFT + column * PITCH_X;
      if (top - TOP < element.scrollTop) element.scrollTop = top - TOP;
      else if (top + PLAN_GEOMETRY.cellHeight > element.scrollTop + element.clientHeight)
        element.scrollTop = top + PLAN_GEOMETRY.cellHeight - element.clientHeight;
      if (left - LEFT < element.scrollLeft) element.scrollLeft = left - LEFT;
      else if (left + PLAN_GEOMETRY.cellWidth > element.scrollLeft + element.clientWidth)
        element.scrollLeft = left + PLAN_GEOMETRY.cellWidth - element.clientWidth;
      read();
    },
    [element, enabled, read],
  );

  const window: PlanWindow = enabled
    ? {
        rowStart: clamp(Math.floor((view.top - TOP) / PITCH_Y) - OVERSCAN, rows),
        rowEnd: clamp(Math.ceil((view.top + view.height) / PITCH_Y) + OVERSCAN, rows),
        columnStart: clamp(Math.floor((view.left - LEFT) / PITCH_X) - OVERSCAN, columns),
        columnEnd: clamp(Math.ceil((view.left + view.width) / PITCH_X) + OVERSCAN, columns),
      }
    : { rowStart: 0, rowEnd: rows, columnStart: 0, columnEnd: columns };

  return { ref: setElement, window, reveal, pitch: { x: PITCH_X, y: PITCH_Y } };
};
