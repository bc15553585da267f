import { TIMERS_MS } from '@repo/types';
import { useCallback, useEffect, useState } from 'react';

const prefersReducedMotion = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The carousel's position (spec §2): advances every 5 seconds unless paused; a manual move restarts
 * the wait, so the picture just chosen stays its full 5 seconds. It pauses while the pointer is on it
 * (hover or touch), while it holds the keyboard focus, and for as long as the viewer has stopped it
 * with its pause control (WCAG 2.2.2); with reduced motion asked for, it starts stopped.
 */
export const useCarousel = (count: number, startIndex: number) => {
  const [index, setIndex] = useState(startIndex);
  const [pointer, setPointer] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(prefersReducedMotion);
  const paused = pointer || focused || stopped;
  const current = count === 0 ? 0 : Math.min(index, count - 1);

  useEffect(() => {
    if (paused || count < 2) return undefined;
    const timer = setTimeout(() => setIndex((value) => (value + 1) % count), TIMERS_MS.carousel);
    return () => clearTimeout(timer);
  }, [paused, count, current]);

  const goTo = useCallback((next: number) => setIndex(((next % count) + count) % count), [count]);
  return {
    index: current,
    goTo,
    next: () => goTo(current + 1),
    previous: () => goTo(current - 1),
    pause: () => setPointer(true),
    resume: () => setPointer(false),
    focus: () => setFocused(true),
    blur: () => setFocused(false),
    /** The pause/play control: stopped stays stopped until played again, whatever the pointer and the focus do. */
    toggleStopped: () => setStopped((value) => !value),
    stopped,
    paused,
  };
};
