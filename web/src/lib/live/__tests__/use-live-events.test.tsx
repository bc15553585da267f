import type { ProjectEvent, UnitListItem } from '@repo/types';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig, useSWRConfig, type Cache } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLiveStatus } from '../live-status';
import { useLiveEvents } from '../use-live-events';

/** A stand-in for the browser's EventSource: the test plays the server's side of the stream. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();

  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }

  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close() {
    this.readyState = FakeEventSource.CLOSED;
  }

  open() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.();
  }

  fail(closed: boolean) {
    this.readyState = closed ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    this.onerror?.();
  }

  send(event: ProjectEvent) {
    const message = new MessageEvent<string>(event.type, { data: JSON.stringify(event.data), lastEventId: event.id });
    for (const listener of this.listeners.get(event.type) ?? []) listener(message);
  }
}

const unit = (id: number, status: UnitListItem['status'] = 'available'): UnitListItem => ({
  id,
  unitNumber: `U-${id}`,
  name: null,
  unitType: null,
  floor: null,
  view: null,
  area: null,
  size: null,
  price: null,
  status,
  bedrooms: null,
  bathrooms: null,
  updatedAt: `2026-01-0${id}T00:00:00.000Z`,
});

let cache: Cache;
const wrapper = ({ children }: { children: ReactNode }) => <SWRConfig value={{ provider: () => cache, dedupingInterval: 0 }}>{children}</SWRConfig>;

const renderStream = (path: string | null, projectId: number | null) =>
  renderHook(
    () => {
      useLiveEvents(path, { projectId });
      return { status: useLiveStatus(), config: useSWRConfig() };
    },
    { wrapper },
  );

describe('useLiveEvents', () => {
  beforeEach(() => {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    cache = new Map() as unknown as Cache;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("applies a batch of events to the project's cached list in place and says the stream is live", async () => {
    cache.set('units_5', { data: { units: [unit(1), unit(2)], etag: 'W/"v1"' } });
    const { result, unmount } = renderStream('/projects/5/events', 5);
    const source = FakeEventSource.instances[0];
    expect(source.url).toBe('/api/projects/5/events');
    act(() => source.open());
    expect(result.current.status).toBe('live');

    act(() => {
      source.send({ type: 'unit', id: '10', data: { unit: unit(1, 'sold') } });
      source.send({ type: 'unit-removed', id: '11', data: { id: 2 } });
      source.send({ type: 'unit', id: '12', data: { unit: unit(3, 'reserved') } });
    });
    await waitFor(() => {
      const data = cache.get('units_5')?.data as { units: UnitListItem[]; etag: string };
      expect(data.units.map((row) => [row.id, row.status])).toEqual([
        [1, 'sold'],
        [3, 'reserved'],
      ]);
      expect(data.etag).toBe('W/"v1"');
    });
    unmount();
  });

  it('says the updates are paused when the stream drops, and reopens one the server closed', async () => {
    vi.useFakeTimers();
    const { result, unmount } = renderStream('/events', null);
    const first = FakeEventSource.instances[0];
    act(() => first.open());
    act(() => first.fail(true));
    expect(result.current.status).toBe('paused');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_500);
    });
    expect(FakeEventSource.instances).toHaveLength(2);
    act(() => FakeEventSource.instances[1].open());
    expect(result.current.status).toBe('live');
    unmount();
    expect(FakeEventSource.instances[1].readyState).toBe(FakeEventSource.CLOSED);
  });

  it('opens nothing without a path', () => {
    const { result, unmount } = renderStream(null, null);
    expect(FakeEventSource.instances).toHaveLength(0);
    expect(result.current.status).toBe('off');
    unmount();
  });
});
