import { PROJECT_EVENT_TYPES, type ProjectEvent } from '@repo/types';
import { useEffect } from 'react';
import { useSWRConfig } from 'swr';
import { API_BASE } from '../api/api-fetch';
import { applyEventsToCache, revalidateLive } from './apply-to-cache';
import { setStreamStatus } from './live-status';

/** Events are applied in batches: a bulk change of 500 units becomes one write per cached list. */
const BATCH_MS = 80;
/** While the stream is down, the screen re-reads what it shows this often (lists send their ETag). */
export const FALLBACK_REFRESH_MS = 20_000;
/** A stream the server closed (or refused) is reopened after this, doubling up to the maximum. */
const REOPEN_MIN_MS = 2_000;
const REOPEN_MAX_MS = 60_000;

const parse = (type: ProjectEvent['type'], message: MessageEvent<string>): ProjectEvent | null => {
  try {
    return { type, id: message.lastEventId, data: JSON.parse(message.data) } as ProjectEvent;
  } catch {
    return null;
  }
};

export interface LiveEventsOptions {
  /** The stream's project (GET /projects/:id/events): its list may gain units it did not hold. */
  projectId?: number | null;
}

/**
 * Keeps the SWR cache current from a live event stream (types/src/api/events.ts): `path` is
 * PROJECT_EVENT_PATHS.projectEvents(id) on a project's screens and .allEvents on the dashboards;
 * null opens nothing. EventSource reconnects by itself and sends Last-Event-ID, so the server
 * replays what was missed (or sends `resync`). A stream it gave up on (the server refused or closed
 * it) is reopened with a back-off, and the screen then re-reads what it shows, since a new stream
 * replays nothing. While the stream is down the screen says so (live-status) and re-reads every
 * FALLBACK_REFRESH_MS, on top of SWR's revalidation on focus.
 */
export const useLiveEvents = (path: string | null, { projectId = null }: LiveEventsOptions = {}) => {
  const { cache, mutate } = useSWRConfig();

  useEffect(() => {
    if (path === null || typeof EventSource === 'undefined') return undefined;
    const stream = Symbol(path);
    let source: EventSource | null = null;
    let pending: ProjectEvent[] = [];
    let flushTimer: ReturnType<typeof setTimeout> | undefined;
    let reopenTimer: ReturnType<typeof setTimeout> | undefined;
    let fallbackTimer: ReturnType<typeof setInterval> | undefined;
    let reopenDelay = REOPEN_MIN_MS;
    let reopened = false;
    let closed = false;

    const flush = () => {
      flushTimer = undefined;
      const batch = pending;
      pending = [];
      if (batch.length > 0) void applyEventsToCache(batch, cache, mutate, projectId);
    };

    const startFallback = () => {
      if (fallbackTimer === undefined) fallbackTimer = setInterval(() => void revalidateLive(mutate), FALLBACK_REFRESH_MS);
    };
    const stopFallback = () => {
      clearInterval(fallbackTimer);
      fallbackTimer = undefined;
    };

    const open = () => {
      setStreamStatus(stream, reopened ? 'paused' : 'connecting');
      const current = new EventSource(`${API_BASE}${path}`);
      source = current;
      current.onopen = () => {
        setStreamStatus(stream, 'live');
        stopFallback();
        reopenDelay = REOPEN_MIN_MS;
        // A new EventSource sends no Last-Event-ID: what happened while it was away is re-read.
        if (reopened) void revalidateLive(mutate);
        reopened = false;
      };
      current.onerror = () => {
        setStreamStatus(stream, 'paused');
        startFallback();
        if (current.readyState !== EventSource.CLOSED || closed) return;
        reopened = true;
        reopenTimer = setTimeout(open, reopenDelay);
        reopenDelay = Math.min(reopenDelay * 2, REOPEN_MAX_MS);
      };
      for (const type of PROJECT_EVENT_TYPES) {
        current.addEventListener(type, (message: MessageEvent<string>) => {
          const event = parse(type, message);
          if (!event) return;
          pending.push(event);
          flushTimer ??= setTimeout(flush, BATCH_MS);
        });
      }
    };

    open();
    return () => {
      closed = true;
      source?.close();
      clearTimeout(reopenTimer);
      clearTimeout(flushTimer);
      stopFallback();
      flush();
      setStreamStatus(stream, null);
    };
  }, [path, projectId, cache, mutate]);
};
