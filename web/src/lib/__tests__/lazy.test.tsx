import { TIMERS_MS } from '@repo/types';
import { act, render, screen } from '@testing-library/react';
import { Component, Suspense, type ComponentType, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lazyNamed } from '../lazy';

/** Shows what a lazy component threw, as the router's error screen does. */
class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p role="alert">{this.state.error.message}</p> : this.props.children;
  }
}

const show = (Lazy: ComponentType) =>
  render(
    <Boundary>
      <Suspense fallback={<p>Loading...</p>}>
        <Lazy />
      </Suspense>
    </Boundary>,
  );

describe('lazyNamed', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('renders the named export once its module has loaded, and leaves no timer behind', async () => {
    const Panel = lazyNamed(async () => ({ Panel: () => <p>The panel</p> }), 'Panel');
    show(Panel);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByText('The panel')).toBeTruthy();
    expect(vi.getTimerCount()).toBe(0);
  });

  it("gives up after the spec's chunk time-out with a message a user can act on", async () => {
    const Stalled = lazyNamed(() => new Promise<{ StalledRoute: () => ReactNode }>(() => undefined), 'StalledRoute');
    show(Stalled);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(TIMERS_MS.lazyChunkTimeout - 1);
    });
    expect(screen.getByText('Loading...')).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    // The message names no code: the export's name means nothing to the reader.
    expect(screen.getByRole('alert').textContent).toBe('Loading this screen took too long. Check your connection and reload the page.');
  });
});
