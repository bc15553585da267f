import { useSyncExternalStore } from 'react';

/**
 * What the open live streams tell the screens beyond the cached data: whether updates are flowing
 * (the header's discreet indicator) and which units left the viewer's view while a screen showed
 * them (the unit page's notice). A tab holds one or two streams at most; the state is the tab's.
 */
export type LiveStatus = 'off' | 'connecting' | 'live' | 'paused';

type Listener = () => void;
const listeners = new Set<Listener>();
const notify = () => {
  for (const listener of listeners) listener();
};
const subscribe = (listener: Listener) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

const streams = new Map<symbol, LiveStatus>();
let overall: LiveStatus = 'off';
let removedUnits: ReadonlySet<number> = new Set();

/** One paused stream pauses the whole screen: some of what it shows is no longer live. */
const combine = (): LiveStatus => {
  const values = [...streams.values()];
  if (values.length === 0) return 'off';
  if (values.includes('paused')) return 'paused';
  if (values.includes('connecting')) return 'connecting';
  return 'live';
};

export const setStreamStatus = (stream: symbol, status: LiveStatus | null) => {
  if (status === null) streams.delete(stream);
  else streams.set(stream, status);
  const next = combine();
  if (next === overall) return;
  overall = next;
  notify();
};

/** Units that left the view (deleted, or no longer visible to this viewer) and those back again. */
export const noteRemovedUnits = (removed: Iterable<number>, back: Iterable<number>) => {
  const next = new Set(removedUnits);
  for (const id of removed) next.add(id);
  for (const id of back) next.delete(id);
  if (next.size === removedUnits.size && [...next].every((id) => removedUnits.has(id))) return;
  removedUnits = next;
  notify();
};

export const useLiveStatus = (): LiveStatus =>
  useSyncExternalStore(
    subscribe,
    () => overall,
    () => 'off',
  );

/** True once a live event said this unit is gone from the viewer's view. */
export const useUnitRemoved = (id: number | string): boolean =>
  useSyncExternalStore(
    subscribe,
    () => removedUnits.has(Number(id)),
    () => false,
  );
