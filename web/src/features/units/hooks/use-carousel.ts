import { TIMERS_MS } from '@repo/types';
import { useCallback, useEffect, useState } from 'react';

/**
 * The carousel's position (spec §2): advances every 5 seconds unless paused (hover or touch); a
 * manual move restarts the wait, so the picture just chosen stays its full 5 seconds.
 */
export const useCarousel = (count: number, startIndex: number) => {
  const [index, setIndex] = useState(startIndex);
  const [paused, setPaused] = useState(false);
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
    pause: () => setPaused(true),
    resume: () => setPaused(false),
    paused,
  };
};
