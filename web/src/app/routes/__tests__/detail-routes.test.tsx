import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { makeAgent, makeProfile, mockApi, ok, pending } from '@/test/mock-api';

describe('project and unit routes behind the guards', () => {
  it.each([
    ['/admin/projects/11', '/admin/login'],
    ['/admin/units/7', '/admin/login'],
    ['/agent/projects/11', '/agent/login'],
    ['/agent/units/7', '/agent/login'],
  ])('send a signed-out visitor of %s to %s', async (path, login) => {
    const { router } = renderApp(path);
    await waitFor(() => expect(router.state.location.pathname).toBe(login));
  });

  it('keep agents out of the admin project and unit pages', async () => {
    mockApi({ 'GET /portal-auth/me': ok(makeAgent()) });
    const { router } = renderApp('/admin/units/7');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
  });

  it('keep admins out of the agent project page', async () => {
    mockApi({ 'GET /portal-auth/me': ok(makeProfile()) });
    const { router } = renderApp('/agent/projects/11');
    await waitFor(() => expect(router.state.location.pathname).toBe('/agent/login'));
  });

  it("wait with the full-screen 'Loading...' while the session loads", async () => {
    mockApi({ 'GET /portal-auth/me': () => pending() });
    renderApp('/agent/units/7');
    expect(await screen.findByText('Loading...')).toBeTruthy();
  });
});
