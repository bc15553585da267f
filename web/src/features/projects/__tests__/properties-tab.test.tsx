import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { apiError, makeAgent, makeProfile, mockApi, ok, pending } from '@/test/mock-api';
import { CARDS, counts, makeCard } from './fixtures';

const section = (title: string) => screen.getByRole('region', { name: title });

const openAdmin = async (projects = CARDS, routes = {}) => {
  const api = mockApi({ 'GET /portal-auth/me': ok(makeProfile()), 'GET /projects': ok({ data: projects, meta: {} }), ...routes });
  renderApp('/admin/dashboard');
  expect(await screen.findByRole('heading', { name: 'Properties' })).toBeTruthy();
  return api;
};

describe('admin Properties tab', () => {
  it('is the first tab and the default one', async () => {
    await openAdmin();
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs[0]).toBe('Properties');
    expect(tabs).toContain('Users');
    expect(screen.getByRole('tab', { name: 'Properties' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('button', { name: 'Add New Property' })).toBeTruthy();
  });

  it('groups the cards by region, lists a two-region project in both, and shows Other only when needed', async () => {
    await openAdmin();
    await screen.findAllByRole('article', { name: 'Marina Heights' });
    expect(
      within(section('Dubai Properties'))
        .getAllByRole('heading', { level: 4 })
        .map((el) => el.textContent),
    ).toEqual(['Marina Heights', 'Gulf Horizon Tower']);
    expect(
      within(section('Doha Properties'))
        .getAllByRole('heading', { level: 4 })
        .map((el) => el.textContent),
    ).toEqual(['Pearl Bay Residences', 'Gulf Horizon Tower']);
    expect(within(section('Other Properties')).getByRole('article', { name: 'Desert Rose' })).toBeTruthy();
  });

  it("shows each region's empty text and no Other section when there is nothing else", async () => {
    await openAdmin([makeCard({ id: 1, name: 'Only Dubai' })]);
    expect(await screen.findByText('No Doha properties found.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Other Properties' })).toBeNull();
  });

  it("shows 'No Dubai properties found.' with no Dubai project", async () => {
    await openAdmin([]);
    expect(await screen.findByText('No Dubai properties found.')).toBeTruthy();
  });

  it('shows the total, only the status counts above 0, the region badges and the actions', async () => {
    await openAdmin();
    const marina = await screen.findByRole('article', { name: 'Marina Heights' });
    expect(within(marina).getByText('Total Units: 7')).toBeTruthy();
    expect(within(marina).getByText('Available: 4')).toBeTruthy();
    expect(within(marina).getByText('Occupied: 1')).toBeTruthy();
    expect(within(marina).queryByText(/Reserved/)).toBeNull();
    expect(within(marina).getByText('Dubai')).toBeTruthy();
    expect(within(marina).getByRole('link', { name: 'View Details' }).getAttribute('href')).toBe('/admin/projects/11');
    expect(within(marina).getByRole('button', { name: 'Edit' })).toBeTruthy();
    const pearl = within(section('Doha Properties')).getByRole('article', { name: 'Pearl Bay Residences' });
    const image = within(pearl).getByRole('img', { name: 'Pearl Bay Residences' }) as HTMLImageElement;
    expect(image.getAttribute('src')).toBe('/uploads/property_images/1_pearl.jpg');
    expect(getComputedStyle(image).objectPosition).toBe('left top');
  });

  it('asks with the exact wording before deleting, then deletes and re-reads the list', async () => {
    const api = await openAdmin(CARDS, { 'DELETE /projects/11': ok({ data: { id: 11, deletedUnits: 7 } }) });
    const marina = await screen.findByRole('article', { name: 'Marina Heights' });
    fireEvent.click(within(marina).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Property' });
    expect(
      within(dialog).getByText(
        'Are you sure you want to delete Marina Heights? This will also delete all units associated with this property. This action cannot be undone.',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Property' }));
    await waitFor(() => expect(api.calls('DELETE /projects/11')).toHaveLength(1));
    await waitFor(() => expect(api.calls('GET /projects').length).toBeGreaterThan(1));
  });

  it("says 'Failed to load properties. Please try again.' when the list cannot be read", async () => {
    mockApi({ 'GET /portal-auth/me': ok(makeProfile()), 'GET /projects': apiError(500, 'Internal Server Error') });
    renderApp('/admin/dashboard');
    expect(await screen.findByText('Failed to load properties. Please try again.')).toBeTruthy();
  });
});

describe('agent Properties tab', () => {
  const openAgent = (agentType: 'dubai' | 'doha' | 'super', projects = CARDS) => {
    mockApi({ 'GET /portal-auth/me': ok(makeAgent({ agentType })), 'GET /projects': ok({ data: projects, meta: {} }) });
    renderApp('/agent/dashboard');
  };

  it("shows 'Loading properties...' while the list loads", async () => {
    mockApi({ 'GET /portal-auth/me': ok(makeAgent()), 'GET /projects': () => pending() });
    renderApp('/agent/dashboard');
    expect(await screen.findByText('Loading properties...')).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Properties', 'Settings']);
  });

  it("lists a region agent's projects under 'Available Properties' with total, available, sold and reserved", async () => {
    openAgent('dubai', [CARDS[0], CARDS[2]]);
    const marina = await screen.findByRole('article', { name: 'Marina Heights' });
    expect(within(section('Available Properties')).getAllByRole('article')).toHaveLength(2);
    for (const line of ['Total Units: 7', 'Available: 4', 'Sold: 2', 'Reserved: 0']) expect(within(marina).getByText(line)).toBeTruthy();
    expect(within(marina).queryByText(/Occupied/)).toBeNull();
    expect(within(marina).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(marina).getByRole('link', { name: 'View Details' }).getAttribute('href')).toBe('/agent/projects/11');
    expect(screen.queryByRole('region', { name: 'Dubai Properties' })).toBeNull();
  });

  it('shows super agents both regions', async () => {
    openAgent('super');
    expect(await screen.findByRole('region', { name: 'Dubai Properties' })).toBeTruthy();
    expect(within(section('Doha Properties')).getByRole('article', { name: 'Pearl Bay Residences' })).toBeTruthy();
  });

  it("gives super agents an 'Other Properties' section for a project visible to neither region", async () => {
    openAgent('super');
    expect(within(await screen.findByRole('region', { name: 'Other Properties' })).getByRole('article', { name: 'Desert Rose' })).toBeTruthy();
  });

  it("shows super agents no 'Other Properties' section when every project has a region", async () => {
    openAgent(
      'super',
      CARDS.filter((card) => card.name !== 'Desert Rose'),
    );
    await screen.findByRole('region', { name: 'Dubai Properties' });
    expect(screen.queryByRole('region', { name: 'Other Properties' })).toBeNull();
  });

  it("says 'No properties available to you.' when there are none", async () => {
    openAgent('doha', []);
    expect(await screen.findByText('No properties available to you.')).toBeTruthy();
  });

  it('never counts statuses agents cannot see', async () => {
    openAgent('dubai', [makeCard({ id: 2, name: 'Counted', unitStatusCounts: counts({ available: 1, reserved: 2 }) })]);
    const counted = await screen.findByRole('article', { name: 'Counted' });
    expect(within(counted).getByText('Total Units: 3')).toBeTruthy();
  });
});
