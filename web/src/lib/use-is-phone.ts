import { useSyncExternalStore } from 'react';

/** Below Chakra's md breakpoint (48em, 768 px): a phone, held upright or sideways. */
export const PHONE_QUERY = '(max-width: 47.99em)';

const media = () => (typeof window === 'undefined' || typeof window.matchMedia !== 'function' ? null : window.matchMedia(PHONE_QUERY));

const subscribe = (onChange: () => void) => {
  const list = media();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
};

/**
 * Whether the screen is a phone's, read synchronously (no first render at the wrong layout) and
 * updated when the window crosses the breakpoint. Where a screen lays out differently rather than
 * just smaller (the units table becomes cards), CSS alone would mount both layouts.
 */
export const useIsPhone = () =>
  useSyncExternalStore(
    subscribe,
    () => media()?.matches ?? false,
    () => false,
  );
