import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import { mockApi, pending } from '@/test/mock-api';
import { useOpenProjectEarly } from '../shared/open-project-early';

// The dashboards' head start on a project (issue #26, the cold click): the click itself requests the
// project and its units, before the project screen's code has loaded or run.
const Links = ({ children }: { children: ReactNode }) => {
  const handlers = useOpenProjectEarly();
  return <div {...handlers}>{children}</div>;
};

const renderLinks = (cache: Map<string, unknown>, children: ReactNode) =>
  render(
    <SWRConfig value={{ provider: () => cache as never }}>
      <MemoryRouter>
        <Links>{children}</Links>
      </MemoryRouter>
    </SWRConfig>,
  );

/** A link as React Router renders one, kept from navigating so that only the head start is seen. */
const ProjectLink = ({ id, role = 'admin' }: { id: number; role?: 'admin' | 'agent' }) => (
  <a href={`/${role}/projects/${id}`} onClick={(event) => event.preventDefault()}>
    <span>Open {id}</span>
  </a>
);

describe('opening a project early', () => {
  it('requests the project and its units on the click, from a link or anything inside it', () => {
    const api = mockApi({ 'GET /projects/501/units': () => pending(), 'GET /projects/501': () => pending() });
    renderLinks(new Map(), <ProjectLink id={501} />);
    fireEvent.click(screen.getByText('Open 501'));
    expect(api.calls('GET /projects/501/units')).toHaveLength(1);
    expect(api.calls('GET /projects/501')).toHaveLength(1);
    // Asked for again before the screen took the first over: still one request each.
    fireEvent.click(screen.getByText('Open 501'));
    expect(api.calls('GET /projects/501/units')).toHaveLength(1);
  });

  it('does the same from an agent dashboard', () => {
    const api = mockApi({ 'GET /projects/502/units': () => pending(), 'GET /projects/502': () => pending() });
    renderLinks(new Map(), <ProjectLink id={502} role="agent" />);
    fireEvent.click(screen.getByText('Open 502'));
    expect(api.calls('GET /projects/502/units')).toHaveLength(1);
  });

  it('leaves a list already held to the screen, which revalidates it with its ETag', () => {
    const api = mockApi({ 'GET /projects/503/units': () => pending(), 'GET /projects/503': () => pending() });
    const cache = new Map<string, unknown>([['units_503', { data: { units: [], etag: 'W/"u-1"' } }]]);
    renderLinks(cache, <ProjectLink id={503} />);
    fireEvent.click(screen.getByText('Open 503'));
    expect(api.calls('GET /projects/503/units')).toHaveLength(0);
    expect(api.calls('GET /projects/503')).toHaveLength(1);
  });

  it('fetches no data for a pointer press alone, nor for other links', () => {
    const api = mockApi({ 'GET /projects/504/units': () => pending(), 'GET /projects/504': () => pending() });
    renderLinks(
      new Map(),
      <>
        <ProjectLink id={504} />
        <a href="/admin/projects/504/unit-images" onClick={(event) => event.preventDefault()}>
          Images
        </a>
      </>,
    );
    fireEvent.pointerDown(screen.getByText('Open 504'));
    fireEvent.click(screen.getByText('Images'));
    expect(api.requests).toHaveLength(0);
  });
});
