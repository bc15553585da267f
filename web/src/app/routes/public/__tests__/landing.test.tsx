import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/router';

const renderAt = (path: string) => {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
};

describe('landing page', () => {
  it('shows the subtitle and links to both login screens', async () => {
    renderAt('/');
    expect(await screen.findByText('Property management portal')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Admin Login' }).getAttribute('href')).toBe('/admin/login');
    expect(screen.getByRole('link', { name: 'Agent Login' }).getAttribute('href')).toBe('/agent/login');
  });

  it('redirects unknown paths to the start page', async () => {
    const router = renderAt('/no/such/page');
    expect(await screen.findByText('Property management portal')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('router errors', () => {
  it("shows 'Unexpected Application Error!' when a route throws", async () => {
    const Boom = () => {
      throw new Error('render failed in a test');
    };
    const router = createMemoryRouter([{ errorElement: routes[0].errorElement, children: [{ path: '/', element: <Boom /> }] }], {
      initialEntries: ['/'],
    });
    render(
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>,
    );
    expect(await screen.findByText('Unexpected Application Error!')).toBeTruthy();
    expect(screen.getByText('render failed in a test')).toBeTruthy();
  });
});
