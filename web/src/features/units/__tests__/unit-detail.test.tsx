import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { apiError, makeAgent, makeProfile, mockApi, ok, pending } from '@/test/mock-api';
import type { UnitDetail } from '../api/types';
import { makeDetail, PROJECT } from './fixtures';

const HISTORY = [
  {
    id: 3,
    action: 'price-changed',
    before: { price: 1200000 },
    after: { price: 1300000 },
    actorEmail: 'cms@demo.test',
    source: 'cms-panel',
    createdAt: '2026-03-01T10:00:00.000Z',
  },
  {
    id: 2,
    action: 'status-changed',
    before: { status: 'available' },
    after: { status: 'reserved' },
    actorEmail: 'admin@demo.test',
    createdAt: '2026-02-01T10:00:00.000Z',
  },
  {
    id: 1,
    action: 'created',
    before: null,
    after: { status: 'available', price: 1200000 },
    actorEmail: 'admin@demo.test',
    createdAt: '2026-01-01T10:00:00.000Z',
  },
];

const open = async (path = '/admin/units/7', unit: UnitDetail = makeDetail(), routes = {}, profile = makeProfile()) => {
  const api = mockApi({
    'GET /portal-auth/me': ok(profile),
    'GET /units/7': ok({ data: unit }),
    'GET /units/7/history': ok({ data: HISTORY }),
    'GET /projects/11': ok({ data: PROJECT }),
    'GET /projects/11/units': ok({ data: [] }),
    ...routes,
  });
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1 });
  return { api, ...view };
};

const info = () => screen.getByLabelText('Unit Information');

describe('unit detail', () => {
  it("shows 'Loading unit data...' while the unit loads", async () => {
    mockApi({ 'GET /portal-auth/me': ok(makeProfile()), 'GET /units/7': () => pending() });
    renderApp('/admin/units/7');
    expect(await screen.findByText('Loading unit data...')).toBeTruthy();
  });

  it("shows 'Failed to load unit data', not the server's own text, when the unit cannot be loaded", async () => {
    mockApi({ 'GET /portal-auth/me': ok(makeProfile()), 'GET /units/7': apiError(500, 'Internal Server Error') });
    renderApp('/admin/units/7');
    expect(await screen.findByText('Failed to load unit data')).toBeTruthy();
    expect(screen.queryByText('Internal Server Error')).toBeNull();
    expect(screen.getByRole('link', { name: 'Return to Dashboard' }).getAttribute('href')).toBe('/admin/dashboard');
  });

  it("says 'Unit not found' and offers 'Return to Dashboard' when there is no such unit", async () => {
    mockApi({ 'GET /portal-auth/me': ok(makeAgent()), 'GET /units/7': apiError(404, 'Unit not found') });
    renderApp('/agent/units/7');
    expect(await screen.findByText('Unit not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Dashboard' }).getAttribute('href')).toBe('/agent/dashboard');
  });

  it('shows the title, the status, the project and only the rows that have a value', async () => {
    await open('/admin/units/7', makeDetail({ view: null, bedrooms: null }));
    expect(screen.getByRole('heading', { level: 1, name: 'Unit 1204' })).toBeTruthy();
    expect(screen.getAllByText('available')[0].getAttribute('data-status')).toBe('available');
    expect(screen.getByText('Marina Heights · Dubai Marina, Dubai')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to Project/ }).getAttribute('href')).toBe('/admin/projects/11');
    const rows = within(info())
      .getAllByText(/.+/, { selector: 'dt' })
      .map((label) => label.textContent);
    expect(rows).toEqual(['Price', 'Size', 'Floor', 'Unit Type', 'Bathrooms', 'Description', 'Features']);
    expect(within(info()).getByText('AED 1,200,000')).toBeTruthy();
    expect(within(info()).getByText('750.50 sqft')).toBeTruthy();
    expect(['Balcony', 'Maid Room', 'Storage'].every((feature) => within(info()).getByText(feature))).toBe(true);
    expect(screen.getByText('No images available')).toBeTruthy();
  });

  it('falls back to the name, then to Unit Details, and shows QAR for a project visible to doha', async () => {
    await open('/admin/units/7', makeDetail({ unitNumber: '', name: 'Sky Suite', project: { ...makeDetail().project!, visibleTo: ['doha'] } }));
    expect(screen.getByRole('heading', { level: 1, name: 'Sky Suite' })).toBeTruthy();
    expect(within(info()).getByText('QAR 1,200,000')).toBeTruthy();
  });

  it("titles a unit with neither number nor name 'Unit Details'", async () => {
    await open('/admin/units/7', makeDetail({ unitNumber: '', name: null }));
    expect(screen.getByRole('heading', { level: 1, name: 'Unit Details' })).toBeTruthy();
  });

  it('lists the history for admins: what changed, from and to, who and when', async () => {
    await open();
    const history = screen.getByRole('region', { name: 'History' });
    expect(await within(history).findByText('Status changed — status: available → reserved')).toBeTruthy();
    expect(within(history).getByText('Created — status: available; price: AED 1,200,000')).toBeTruthy();
    expect(within(history).getAllByText(/admin@demo\.test/)).toHaveLength(2);
    // A change made by content staff in the CMS panel says so; the portal's own do not.
    expect(within(history).getByText(/cms@demo\.test via CMS panel/)).toBeTruthy();
    expect(within(history).queryAllByText(/admin@demo\.test via CMS panel/)).toHaveLength(0);
  });

  it('opens the edit form with ?edit=true, requires a price, and saves with the revision read', async () => {
    const { api } = await open('/admin/units/7?edit=true', makeDetail(), { 'PUT /units/7': ok({ data: makeDetail({ status: 'sold', revision: 4 }) }) });
    // The edit form is a lazy chunk of its own (an admin's code).
    const form = await screen.findByRole('form', { name: 'Edit Unit' });
    expect((within(form).getByLabelText(/^Unit Number/) as HTMLInputElement).value).toBe('1204');
    expect(within(form).getByText('Dubai')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText(/^Price/), { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Update Unit' }));
    expect(await within(form).findByText('Price is required')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText(/^Price/), { target: { value: '1300000' } });
    // The error leaves as soon as the price is valid, not at the next submit.
    await waitFor(() => expect(within(form).queryByText('Price is required')).toBeNull());
    fireEvent.change(within(form).getByRole('combobox', { name: /^Status/ }), { target: { value: 'sold' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Update Unit' }));
    await waitFor(() => expect(api.calls('PUT /units/7')).toHaveLength(1));
    expect(api.calls('PUT /units/7')[0].body).toMatchObject({ unitNumber: '1204', price: 1300000, status: 'sold', revision: 3, view: 'Sea View', bedrooms: 1 });
    expect(await screen.findByText('Unit updated')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit Unit' })).toBeNull());
  });

  it('shows a stale save with a way to reload the latest version', async () => {
    const { api } = await open('/admin/units/7', makeDetail(), {
      'PUT /units/7': apiError(409, 'This unit was changed by someone else. Reload to see the latest version.'),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Edit Unit' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Update Unit' }));
    expect(await screen.findByText('This unit was changed by someone else. Reload to see the latest version.')).toBeTruthy();
    api.set('GET /units/7', ok({ data: makeDetail({ revision: 5, price: 1_250_000 }) }));
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect((screen.getByLabelText(/^Price/) as HTMLInputElement).value).toBe('1250000'));
    expect(screen.queryByText(/changed by someone else/)).toBeNull();
  });

  it('changes the status at once from the status dropdown', async () => {
    const { api } = await open('/admin/units/7', makeDetail(), { 'PUT /units/7': ok({ data: makeDetail({ status: 'reserved', revision: 4 }) }) });
    fireEvent.change(screen.getByRole('combobox', { name: 'Unit Status' }), { target: { value: 'reserved' } });
    await waitFor(() => expect(api.calls('PUT /units/7')[0]?.body).toEqual({ status: 'reserved', revision: 3 }));
    expect(await screen.findByText('Status changed to reserved')).toBeTruthy();
  });

  it("asks 'Confirm Deletion' before deleting, then goes to the project page", async () => {
    const { api, router } = await open('/admin/units/7', makeDetail(), { 'DELETE /units/7': ok({ data: { id: 7, deleted: 1 } }) });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Unit' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm Deletion' });
    expect(within(dialog).getByText('Are you sure you want to delete Unit 1204? This action cannot be undone.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Unit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/projects/11'));
    expect(api.calls('DELETE /units/7')).toHaveLength(1);
  });

  it('shows agents no edit, status, delete or history', async () => {
    const { api } = await open('/agent/units/7', makeDetail(), {}, makeAgent());
    expect(screen.getByRole('link', { name: /Back to Project/ }).getAttribute('href')).toBe('/agent/projects/11');
    for (const name of ['Edit Unit', 'Delete Unit']) expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Unit Status' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'History' })).toBeNull();
    expect(api.calls('GET /units/7/history')).toHaveLength(0);
  });
});
