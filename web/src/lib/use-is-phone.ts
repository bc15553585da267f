import { useSyncExternalStore } from 'react';

/**
 * A phone held sideways (844×390, say) is wider than the md breakpoint: a touch screen under 480 px
 * tall is taken for one all the same (a tablet is taller in either direction).
 */
export const SIDEWAYS_PHONE_QUERY = '(pointer: coarse) and (max-height: 29.99em)';

/** Below Chakra's md breakpoint (48em, 768 px), or a phone held sideways. */
export const PHONE_QUERY = `(max-width: 47.99em), ${SIDEWAYS_PHONE_QUERY}`;

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
