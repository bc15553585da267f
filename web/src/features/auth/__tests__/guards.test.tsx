import { screen, waitFor } from '@testing-library/react';
import { MISSING_AGENT_TYPE_MESSAGE, type Role } from '@repo/types';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { makeAgent, makeProfile, mockApi, ok, pending } from '@/test/mock-api';

describe('route guards', () => {
  it("shows a full-screen 'Loading...' while the session is loading", async () => {
    mockApi({ 'GET /portal-auth/me': () => pending() });
    renderApp('/admin/dashboard');
    expect(await screen.findByText('Loading...')).toBeTruthy();
    expect(screen.getByRole('status')).toBeTruthy();
  });

  it('sends a signed-out visitor of an admin screen to /admin/login', async () => {
    const { router } = renderApp('/admin/dashboard');
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/login');
  });

  it('sends a signed-out visitor of an agent screen to /agent/login', async () => {
    const { router } = renderApp('/agent/settings');
    expect(await screen.findByRole('heading', { name: 'Agent Login' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/agent/login');
  });

  it('sends an agent away from the admin screens to /admin/login', async () => {
    mockApi({ 'GET /portal-auth/me': ok(makeAgent()) });
    const { router } = renderApp('/admin/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
  });

  it('does not admit admins to the agent screens', async () => {
    mockApi({ 'GET /portal-auth/me': ok(makeProfile()) });
    const { router } = renderApp('/agent/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/agent/login'));
    expect(await screen.findByRole('heading', { name: 'Agent Login' })).toBeTruthy();
  });

  it('admits an admin to the admin dashboard', async () => {
    mockApi({ 'GET /portal-auth/me': ok(makeProfile()), 'GET /portal-users': ok([]) });
    renderApp('/admin/dashboard');
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeTruthy();
    expect(screen.getByText('Amira Haddad')).toBeTruthy();
  });

  it('admits an agent to the agent dashboard with the capitalised agent type', async () => {
    mockApi({ 'GET /portal-auth/me': ok(makeAgent({ agentType: 'doha' })) });
    renderApp('/agent/dashboard');
    expect(await screen.findByRole('heading', { name: 'Agent Portal' })).toBeTruthy();
    expect(screen.getByText('Omar Saeed')).toBeTruthy();
    expect(screen.getByText('Doha')).toBeTruthy();
  });

  it('reports a profile whose agent type cannot be derived', async () => {
    // A users-permissions user left on Strapi's default role: neither admin nor agent.
    mockApi({ 'GET /portal-auth/me': ok(makeProfile({ role: 'authenticated' as Role, agentType: null, region: null })) });
    renderApp('/agent/dashboard');
    expect(await screen.findByText(MISSING_AGENT_TYPE_MESSAGE)).toBeTruthy();
  });
});
